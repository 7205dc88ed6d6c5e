"""Static checks of the built site: self-contained, relative URLs, lean runtime, icons."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from tools.build_site import RUNTIME_MODULE_PRELOADS, RUNTIME_PREFETCHED
from tools.icons import png_size
from tools.runtime import PYODIDE_DIR, PYSCRIPT_DIR, PYSCRIPT_UNUSED, ZSTDDEC_DIR, _base_name
from tools.service_worker import precached_urls
from tools.snapshot_file import PREFIX, SUFFIX, data_image, pack, unpack

from e2e.support import site_config, site_entry, site_snapshot


def test_pyscript_config_uses_the_local_runtime(site_dir: Path) -> None:
    """The interpreter PyScript imports is ours and starts the self-hosted Pyodide.

    It is named by its content.
    """
    config = site_config(site_dir)
    interpreter = config["interpreter"]
    assert re.fullmatch(r"\./interpreter\.[0-9a-f]{16}\.mjs", interpreter), interpreter
    text = (site_dir / interpreter).read_text(encoding="utf-8")
    imports = re.findall(r'^import .* from "([^"]+)";$', text, re.MULTILINE)
    assert imports == [f"./runtime/{PYODIDE_DIR}/pyodide.mjs"]
    assert (site_dir / imports[0]).is_file()
    worker = re.findall(r'^const SNAPSHOT_WORKER = "\./([^"]+)";$', text, re.MULTILINE)
    assert len(worker) == 1 and re.fullmatch(r"snapshot_worker\.[0-9a-f]{16}\.mjs", worker[0])
    worker_imports = re.findall(
        r'^import .* from "([^"]+)";$', (site_dir / worker[0]).read_text(), re.MULTILINE
    )
    assert worker_imports == [f"./runtime/{ZSTDDEC_DIR}/zstddec.mjs"]
    assert (site_dir / worker_imports[0]).is_file()
    assert "packages" not in config, "packages needs micropip, which we do not ship"
    for source in config["files"]:
        assert (site_dir / source).is_file(), source


def _snapshot_file(site_dir: Path) -> str:
    files = [p.name for p in site_dir.glob(f"{PREFIX}.*{SUFFIX}")]
    assert len(files) == 1, files
    return files[0]


def _prefetched(index: str) -> tuple[list[str], list[str]]:
    """The files boot.js downloads at once, and those it adds on a first visit."""
    found = re.findall(r'<meta name="park-prefetch" content="([^"]+)"([^>]*)>', index)
    assert len(found) == 1, found
    content, rest = found[0]
    first_visit = re.fullmatch(r'(?: data-first-visit="([^"]+)")?', rest)
    assert first_visit is not None, rest
    return str(content).split(), str(first_visit.group(1) or "").split()


def test_index_prefetches_what_pyodide_and_pyscript_fetch(site_dir: Path) -> None:
    """boot.js downloads from the start what Pyodide and PyScript fetch() later.

    The snapshot only on a first visit (no service worker controls the page; later visits
    restore the copy the page kept). The modules the interpreter module imports are
    module-preloaded; no <link rel="preload">, which WebKit downloads a second time.
    """
    config = site_config(site_dir)
    index = (site_dir / "index.html").read_text(encoding="utf-8")
    runtime = [f"./runtime/{name}" for name in RUNTIME_PREFETCHED]
    main, pyscript = f"./{site_entry(site_dir).main}", f"./{site_entry(site_dir).config}"
    always, first_visit = _prefetched(index)
    assert sorted(always) == sorted([*config["files"], main, pyscript, *runtime])
    snapshot = site_snapshot(site_dir)
    assert first_visit == ([] if snapshot is None else [f"./{snapshot.name}"])
    assert index.index('name="park-prefetch"') < index.index('src="./boot.'), "boot.js reads it"
    modules = re.findall(r'<link rel="modulepreload" href="([^"]+)">', index)
    assert modules == [f"./runtime/{name}" for name in RUNTIME_MODULE_PRELOADS]
    assert 'rel="preload"' not in index
    assert "park:preload" not in index and "park:prefetch" not in index


def test_the_snapshot_is_named_by_its_content_and_matches_its_descriptor(
    site_dir: Path,
) -> None:
    """The file is named by its bytes and is what the interpreter module says.

    Making a snapshot twice gives different bytes, so a name by its inputs alone could let a
    browser's cache mix two builds'. The file is made for the site's own WebAssembly module.
    """
    snapshot = site_snapshot(site_dir)
    assert snapshot is not None
    assert snapshot.name == _snapshot_file(site_dir)
    packed = (site_dir / snapshot.name).read_bytes()
    assert snapshot.name == f"{PREFIX}.{hashlib.sha256(packed).hexdigest()[:16]}{SUFFIX}"
    image = data_image((site_dir / "runtime" / PYODIDE_DIR / "pyodide.asm.wasm").read_bytes())
    raw = unpack(snapshot, packed, image)
    assert raw[:4] != b"\0\0\0\0" and len(raw) == snapshot.size
    assert pack(raw, image) == (snapshot, packed), "packing the snapshot again gives the same file"
    assert len(packed) < 7_000_000, "the first visit downloads at most 7 MB more"
    assert snapshot.name in precached_urls(site_dir / "sw.js")


ABSOLUTE = r"""(?:https?:|//|/)"""
LOADED_BY_HTML = re.compile(
    r"<(?:script|link|img|source|iframe|audio|video|object|embed)\b[^>]*?\b(?:src|href)\s*=\s*"
    rf"""["']?{ABSOLUTE}""",
    re.IGNORECASE,
)
LOADED_BY_CSS = re.compile(rf"""(?:url\(|@import)\s*["']?{ABSOLUTE}""", re.IGNORECASE)


def test_everything_the_page_loads_is_addressed_relatively(site_dir: Path) -> None:
    """GitHub Pages serves the site under /<repo>/, and nothing may come from elsewhere.

    (Plain links a person may follow, <a href="https://...">, are fine.)
    """
    for path in site_dir.rglob("*.html"):
        assert not LOADED_BY_HTML.search(path.read_text(encoding="utf-8")), path
    for path in site_dir.rglob("*.css"):
        if "runtime" not in path.parts:
            assert not LOADED_BY_CSS.search(path.read_text(encoding="utf-8")), path
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    urls = [manifest["start_url"], manifest["scope"], *(i["src"] for i in manifest["icons"])]
    config = site_config(site_dir)
    urls += [config["interpreter"], *config["files"]]
    assert not [url for url in urls if re.match(ABSOLUTE, url)], urls


def test_unused_pyscript_chunks_are_left_out(site_dir: Path) -> None:
    shipped = {_base_name(p.name) for p in (site_dir / "runtime" / PYSCRIPT_DIR).iterdir()}
    assert not shipped & set(PYSCRIPT_UNUSED), shipped & set(PYSCRIPT_UNUSED)
    assert not list(site_dir.rglob("*.map"))


def test_service_worker_precaches_every_file_the_page_needs(site_dir: Path) -> None:
    urls = set(precached_urls(site_dir / "sw.js"))
    files = {
        p.relative_to(site_dir).as_posix()
        for p in site_dir.rglob("*")
        if p.is_file() and p.name not in ("sw.js", "LICENSE") and not p.name.startswith(".")
    }
    assert urls == files
    assert f"runtime/{PYODIDE_DIR}/pyodide.asm.wasm" in urls


def test_the_service_worker_precaches_the_runtime_from_the_http_cache(site_dir: Path) -> None:
    """The runtime's URLs carry its version, so Workbox precaches them without a revision.

    It then takes them from the HTTP cache the first visit filled instead of downloading the runtime
    a second time (a revision makes it ask with ``cache: "reload"``).
    """
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    entries = dict(re.findall(r'\{url:"([^"]+)",revision:(null|"[0-9a-f]+")\}', text))
    runtime = {url: revision for url, revision in entries.items() if url.startswith("runtime/")}
    assert runtime and set(runtime.values()) == {"null"}, runtime
    assert f"runtime/{PYODIDE_DIR}/pyodide.asm.wasm" in runtime


def test_manifest_icons_are_real_pngs(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    sizes = set()
    for icon in manifest["icons"]:
        width, height = png_size((site_dir / icon["src"]).read_bytes())
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes


def test_every_file_the_page_names_is_named_by_its_content(site_dir: Path) -> None:
    """A page can load only its own build's files (issue 8).

    Each one index.html names that changes between builds carries its content hash, and the service
    worker precaches them.
    """
    index = (site_dir / "index.html").read_text(encoding="utf-8")
    named = re.findall(r'(?:src|href|config)="\./([^"]+)"', index)
    always, first_visit = _prefetched(index)
    named += [url.removeprefix("./") for url in (*always, *first_visit)]
    ours = [n for n in named if not n.startswith(("runtime/", "icons/", "manifest."))]
    assert len(ours) >= 6, ours  # boot script, style sheet, interpreter, main, config, wheel
    precached = set(precached_urls(site_dir / "sw.js"))
    for name in ours:
        digest = hashlib.sha256((site_dir / name).read_bytes()).hexdigest()[:16]
        assert digest in name, name
        assert name in precached, name
    assert not (site_dir / "main.py").exists() and not (site_dir / "pyscript.json").exists()
