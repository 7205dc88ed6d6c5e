"""A deploy while a game is in progress (issue 8).

Every load runs the files of one build only, the new version is announced and taken only when the
player asks, and the game goes on, also when the new version changed a card (data) or the rules
code.

Builds of the page are deployed in turn to one folder served under ``/park/``, as GitHub
Pages replaces a site: A (the page as it is), B (a changed script, style sheet and
main.py), and A's page with a wheel whose deck has one card's value changed, or whose rules
deal six cards a hand instead of five (so A's saved moves no longer replay).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Request, expect
from tools.build_site import build_site
from tools.page_steps import start_new_game, wait_for_decision, wait_for_ready
from tools.paths import ROOT, WEB
from tools.serve import serving, url_for
from tools.snapshot_file import PREFIX

from e2e.support import screenshot, site_snapshot

SW_CONTROLLING_JS = "() => navigator.serviceWorker.controller !== null"
ACTIVATED_JS = """async () => (await navigator.serviceWorker.getRegistration())?.active?.state
  === 'activated'"""
CHANGED = ("boot.js", "styles/park.css", "main.py")
"""Files the second build changes (a line each): their names change with their content."""


def _own_files(site: Path) -> set[str]:
    """The site's files other than the runtime and the icons (which both builds share)."""
    return {
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and not p.relative_to(site).as_posix().startswith(("runtime/", "icons/"))
    }


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Build A (the page as it is), B (the same with CHANGED files edited), and A changed.

    The changed A has a changed card ("data") or changed rules ("rules").
    """
    root = tmp_path_factory.mktemp("builds")
    web_b = root / "web-b"
    shutil.copytree(WEB, web_b, ignore=shutil.ignore_patterns("__pycache__"))
    for name in CHANGED:
        path = web_b / name
        # a statement in Python: the site's copy has no comments (tools/slim.py)
        added = "BUILD = 'B'" if name.endswith(".py") else "/* build B */"
        path.write_text(path.read_text(encoding="utf-8") + f"\n{added}\n")
    sites = {
        "A": build_site(root / "site-a").site,
        "B": build_site(root / "site-b", web=web_b).site,
    }
    for variant, (file, replacements) in VARIANTS.items():
        project = root / f"project-{variant}"
        shutil.copytree(ROOT / "src", project / "src", ignore=shutil.ignore_patterns("__pycache__"))
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, project / name)
        changed = project / "src" / "park" / file
        text = changed.read_text(encoding="utf-8")
        for old, new in replacements:
            assert old in text, (file, old)
            text = text.replace(old, new, 1)
        changed.write_text(text, encoding="utf-8")
        sites[variant] = build_site(root / f"site-{variant}", root=project).site
    return sites


VARIANTS: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    # build: (file in src/park, (text, replaced by; the first occurrence)...)
    "data": ("data/deck.toml", (('values = { "Africa" = 8 }', 'values = { "Africa" = 9 }'),)),
    "rules": (
        "engine/rules.py",
        (
            ("RULES_VERSION = 1\n", "RULES_VERSION = 2\n"),
            ("RULES_CHANGES: dict[int, str] = {}", 'RULES_CHANGES = {2: "Six cards a hand."}'),
            ("HAND_SIZE = 5\n", "HAND_SIZE = 6\n"),
        ),
    ),
}


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """An empty folder served at ``/park/`` (deploy a build with :func:`_deploy`), and its URL."""
    folder = tmp_path / "live"
    folder.mkdir()
    (folder / "index.html").write_text("nothing deployed yet", encoding="utf-8")
    with serving({"park": folder}) as server:
        yield folder, url_for(server, "park")


def _deploy(build: Path, live: Path) -> None:
    """Replace everything in ``live`` with ``build``, as a deploy replaces the site."""
    for child in live.iterdir():
        if child.is_dir():
            shutil.rmtree(child)
        else:
            child.unlink()
    shutil.copytree(build, live, dirs_exist_ok=True)


class Loads:
    """The site's own files each page load fetched (from the network or the service worker)."""

    def __init__(self, page: Page, url: str) -> None:
        self.url = url
        self.loads: list[set[str]] = []
        page.on("request", self._on_request)
        page.on("framenavigated", lambda frame: self._new() if frame == page.main_frame else None)

    def _new(self) -> None:
        self.loads.append(set())

    def _on_request(self, request: Request) -> None:
        url = request.url
        if url.startswith(self.url) and self.loads:
            path = url.removeprefix(self.url).split("?")[0] or "index.html"
            self.loads[-1].add(path)

    def build_of_last(self, builds: dict[str, set[str]]) -> str:
        """Which build the last load's files all belong to; fails on a mix."""
        fetched = {p for p in self.loads[-1] if not p.startswith(("runtime/", "icons/"))}
        owners = [name for name, files in builds.items() if fetched <= files]
        assert len(owners) == 1, f"the load's files are not one build's: {sorted(fetched)}"
        return owners[0]


def _snapshot(site: Path) -> str:
    """The memory snapshot a build's interpreter module names (checked to be in the site)."""
    snapshot = site_snapshot(site)
    assert snapshot is not None and (site / snapshot.name).is_file()
    assert [p.name for p in site.glob(f"{PREFIX}.*")] == [snapshot.name]
    return snapshot.name


def test_a_changed_engine_or_deck_gets_a_snapshot_of_its_own(builds: dict[str, Path]) -> None:
    """A stale snapshot can never run old engine code against a new wheel (issue 10).

    A new wheel makes a new snapshot, named by its content, which the new interpreter module names.
    """
    names = {variant: _snapshot(site) for variant, site in builds.items()}
    assert len({names["A"], names["data"], names["rules"]}) == 3, names


def test_a_deploy_mid_game_is_announced_taken_when_asked_and_never_mixed(
    page: Page, context: BrowserContext, builds: dict[str, Path], live: tuple[Path, str]
) -> None:
    site_a, site_b = builds["A"], builds["B"]
    folder, url = live
    files = {"A": _own_files(site_a), "B": _own_files(site_b)}
    assert files["A"] != files["B"]
    loads = Loads(page, url)

    _deploy(site_a, folder)
    page.goto(url + "?speed=instant")
    wait_for_ready(page)
    start_new_game(page, seed=202)
    wait_for_decision(page, "start")
    page.wait_for_function(SW_CONTROLLING_JS, timeout=60_000)
    assert loads.build_of_last(files) == "A"

    _deploy(site_b, folder)
    page.reload()
    wait_for_ready(page)
    wait_for_decision(page, "start")  # the game goes on
    assert loads.build_of_last(files) == "A", "the old version runs until the player switches"
    update = page.locator("#update")
    expect(update).to_be_visible(timeout=60_000)
    expect(update).to_contain_text("A new version of Park is ready")
    screenshot(page, "update-ready")

    with page.expect_navigation(timeout=60_000):
        update.get_by_role("button", name="Reload").click()
    wait_for_ready(page)
    wait_for_decision(page, "start")
    assert loads.build_of_last(files) == "B"
    expect(update).to_be_hidden()

    context.set_offline(True)
    try:
        page.reload()
        wait_for_ready(page)
        wait_for_decision(page, "start")
        assert loads.build_of_last(files) == "B"
    finally:
        context.set_offline(False)


LATE_INSTALLED_JS = """(() => {
  // A browser that says a first worker is "installed" only once it has taken the page (seen in
  // WebKit under load): each "statechange" listener hears the state it was told of, late.
  const listen = ServiceWorker.prototype.addEventListener;
  ServiceWorker.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'statechange') return listen.call(this, type, listener, options);
    return listen.call(this, type, (event) => {
      const told = this.state;
      const hear = () => {
        Object.defineProperty(this, 'state', {value: told, configurable: true});
        try { listener.call(this, event); } finally { delete this.state; }
      };
      if (navigator.serviceWorker.controller) hear();
      else navigator.serviceWorker.addEventListener('controllerchange', hear, {once: true});
    }, options);
  };
})();"""
"""Delays what a page hears of its service worker's states until the worker controls the page."""


def test_a_first_visit_is_never_told_of_a_new_version(
    page: Page, builds: dict[str, Path], live: tuple[Path, str]
) -> None:
    """The first install is no update, whenever the browser says the worker is installed.

    The failing case (WebKit, the cross-engine suite, 2026-12-06): a first visit heard "installed"
    after the worker had taken the page, so it said "A new version of Park is ready" (and the
    notice took the map's room).
    """
    folder, url = live
    _deploy(builds["A"], folder)
    page.add_init_script(LATE_INSTALLED_JS)
    page.goto(url + "?speed=instant")
    wait_for_ready(page)
    page.wait_for_function(SW_CONTROLLING_JS, timeout=60_000)
    page.wait_for_function(ACTIVATED_JS, timeout=60_000)
    page.wait_for_timeout(300)  # past the task that says a worker took the page
    assert page.locator("#update").is_hidden()


@pytest.mark.parametrize(
    ("variant", "notice"),
    [
        ("data", "goes on with the cards it was dealt"),
        (
            "rules",
            "saved under earlier rules; it goes on from where you left it, under the new ones."
            " Six cards a hand.",
        ),
    ],
)
def test_a_game_goes_on_after_a_deploy_that_changes_the_cards_or_the_rules(
    page: Page,
    context: BrowserContext,
    builds: dict[str, Path],
    live: tuple[Path, str],
    variant: str,
    notice: str,
) -> None:
    folder, url = live
    _deploy(builds["A"], folder)
    page.goto(url + "?speed=instant")
    wait_for_ready(page)
    start_new_game(page, seed=303)
    wait_for_decision(page, "start")
    page.locator('#board [data-space][role="button"]').first.click()
    if page.evaluate("document.documentElement.dataset.parkTurn") == "play":
        page.locator('#decision button[data-action="skip"]').click()
    wait_for_decision(page, "start")
    page.wait_for_function(SW_CONTROLLING_JS, timeout=60_000)
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('park.save'))")
    hand = page.locator("#hand .card .card-name").all_inner_texts()

    _deploy(builds[variant], folder)
    page.reload()
    wait_for_ready(page)
    update = page.locator("#update")
    expect(update).to_be_visible(timeout=60_000)
    with page.expect_navigation(timeout=60_000):
        update.get_by_role("button", name="Reload").click()
    wait_for_ready(page)
    wait_for_decision(page, "start")  # the game goes on, in the new version
    assert page.evaluate("document.documentElement.dataset.parkSnapshot") == "restored"
    expect(page.locator("#notice")).to_contain_text(notice)
    assert page.locator("#hand .card .card-name").all_inner_texts() == hand
    assert page.evaluate("() => localStorage.getItem('park.save.backup')") is None
    now = page.evaluate("() => JSON.parse(localStorage.getItem('park.save'))")
    assert now["summary"] == saved["summary"]
    screenshot(page, f"update-goes-on-{variant}")

    context.set_offline(True)
    try:
        page.reload()
        wait_for_ready(page)
        wait_for_decision(page, "start")
        assert page.locator("#hand .card .card-name").all_inner_texts() == hand
    finally:
        context.set_offline(False)
