"""The rules reference, ``docs/rules.md``, defines every rule and ruling the code cites (issue 49).

The reference defines ``R1``-``R104`` (rules) and ``A1``-``A32`` (rulings), each once, each
item opening with its anchor: ``<a id="r62"></a>**R62**``. The code cites them as a bare id
(``# R62``, ``(A5)``, ``test_R62_...``), several at once (``R63/R64``) or as a range
(``R21-R31``, ``R21–R31``), in src/, tests/, web/, tools/, bench/, e2e/, docs/ and the
README. Every id cited, and every id inside a cited range, must be defined; every link to
``rules.md#...`` must land on an anchor or a heading of the reference.

What counts as a citation (:data:`CITATION`): a capital ``R`` or ``A`` and a number without a
leading zero, with no letter, digit or ``#`` just before it and no letter or digit just after
it. So these are not citations: ``#A12`` (a CSS colour), ``0xA1`` and ``3fA1b`` (hex),
``RUF001``, ``A001`` and ``F401`` (linters' codes), ``R2D2``, and the lowercase link fragments
``#r1.<body>`` of a shared game. A range is two ids of the same letter joined by ``-`` or
``–`` with no space; ``R8 - 3`` is R8 alone. What the pattern cannot tell apart: an in-range
id used for something else (``A4`` paper would read as ruling A4); nothing does so today.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import ROOT, RULES_DOC

RULES = {f"R{n}" for n in range(1, 105)}
"""The rules the reference defines: R1-R104."""
RULINGS = {f"A{n}" for n in range(1, 33)}
"""Our rulings the reference defines: A1-A32."""

SCANNED_FOLDERS = ("src", "tests", "web", "tools", "bench", "e2e", "docs")
SCANNED_FILES = ("README.md",)
TEXT_SUFFIXES = {".py", ".toml", ".md", ".html", ".js", ".mjs", ".css", ".po", ".cfg", ".txt"}
"""Files read for citations. Not read: ``.json`` (data: the puzzle set, the archived
material, recorded games hold ids and digests, never a citation), images, ``.mo`` (compiled)."""
SKIPPED_FOLDERS = {"__pycache__", "node_modules", "results", "screenshots"}
"""Never read: caches, installed packages, the benchmarks' built sites (bench/results/) and
e2e's screenshots, none of them written by hand."""
EXCLUDED = {
    Path(__file__).resolve(): "this module: its examples of what is not a citation",
}
"""Files left out on purpose, with the reason."""

CITATION = re.compile(
    r"(?<![A-Za-z0-9#])(?P<kind>[RA])(?P<first>[1-9][0-9]{0,2})"
    r"(?:[-–](?P=kind)(?P<last>[1-9][0-9]{0,2}))?(?![A-Za-z0-9])"
)
"""An id or a range of ids of one letter, as the code writes them (see the module docstring)."""
DEFINITION = re.compile(r'<a id="(?P<anchor>[ra][0-9]+)"></a>\*\*(?P<label>[RA][0-9]+)\b')
"""How the reference opens an item: its anchor, then its id in bold."""
ANCHOR = re.compile(r'<a id="(?P<anchor>[^"]+)"></a>')
LINK_TO_REFERENCE = re.compile(r"rules\.md#(?P<fragment>[\w-]+)")
LINK_INSIDE_REFERENCE = re.compile(r"\]\(#(?P<fragment>[^)]+)\)")
DESIGN_DOCUMENT = re.compile(r"(?<!\w)(?:RULES|GAME)\.md\b")
"""The design folder's documents, outside the repository: nothing should send a reader there."""


def cited_ids(text: str) -> list[str]:
    """Every id ``text`` cites, in order, each id of a range included.

    Args:
        text: a file's text, or a line of it.

    Returns:
        The ids (``"R62"``), a range ``R21-R23`` as ``R21``, ``R22``, ``R23``. A range whose end
        comes before its start gives its two ends, which the reference check then reports if
        either is undefined, and :func:`backward_ranges` reports as such.
    """
    ids: list[str] = []
    for match in CITATION.finditer(text):
        kind, first = match["kind"], int(match["first"])
        last = int(match["last"]) if match["last"] else first
        numbers = range(first, last + 1) if last >= first else (first, last)
        ids += [f"{kind}{n}" for n in numbers]
    return ids


def backward_ranges(text: str) -> list[str]:
    """The ranges in ``text`` written end first (``R31-R21``): a slip, whatever was meant."""
    return [
        match[0]
        for match in CITATION.finditer(text)
        if match["last"] and int(match["last"]) < int(match["first"])
    ]


def scanned_files() -> Iterator[Path]:
    """The repository's hand-written text files that may cite a rule, reference excluded."""
    for name in SCANNED_FILES:
        yield ROOT / name
    for folder in SCANNED_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT)
            if SKIPPED_FOLDERS.intersection(relative.parts) or not path.is_file():
                continue
            if path.suffix in TEXT_SUFFIXES and path != RULES_DOC and path not in EXCLUDED:
                yield path


def citations() -> Iterator[tuple[str, str]]:
    """Every citation in :func:`scanned_files`: ``(where, id)``, ``where`` as ``path:line``."""
    for path in scanned_files():
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            for cited in cited_ids(line):
                yield f"{path.relative_to(ROOT)}:{number}", cited


def reference_text() -> str:
    """The text of ``docs/rules.md``."""
    return RULES_DOC.read_text(encoding="utf-8")


def defined_ids(text: str) -> Counter[str]:
    """How many times the reference ``text`` defines each id (by its anchor and bold label).

    Raises:
        AssertionError: when an item's anchor and its label name different ids.
    """
    found: Counter[str] = Counter()
    for match in DEFINITION.finditer(text):
        assert match["anchor"] == match["label"].lower(), match[0]
        found[match["label"]] += 1
    return found


def heading_slug(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading: lowercase, punctuation dropped, ``-`` for spaces.

    Args:
        heading: the heading's text, without its ``#`` marks.
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def reference_anchors(text: str) -> set[str]:
    """Every fragment a link may name in the reference: item anchors and heading slugs."""
    anchors = {match["anchor"] for match in ANCHOR.finditer(text)}
    headings = re.findall(r"^#{1,6} (.+)$", text, flags=re.MULTILINE)
    return anchors | {heading_slug(heading) for heading in headings}


# -- the reference itself ------------------------------------------------------------------


def test_the_reference_defines_r1_to_r104_and_a1_to_a32_each_once() -> None:
    defined = defined_ids(reference_text())
    assert sorted(set(defined) - RULES - RULINGS) == []
    assert sorted((RULES | RULINGS) - set(defined), key=_id_order) == []
    assert [i for i, times in defined.items() if times > 1] == []


def test_every_item_anchor_of_the_reference_is_an_item() -> None:
    """An ``<a id="r…">`` or ``<a id="a…">`` anchor always opens an item with that id in bold."""
    text = reference_text()
    item_anchors = [a for a in ANCHOR.findall(text) if re.fullmatch(r"[ra][0-9]+", a)]
    assert len(item_anchors) == sum(defined_ids(text).values())


def test_the_reference_links_only_to_its_own_anchors() -> None:
    text = reference_text()
    missing = set(LINK_INSIDE_REFERENCE.findall(text)) - reference_anchors(text)
    assert sorted(missing) == []


# -- the code's citations --------------------------------------------------------------------


def test_every_id_the_code_cites_is_defined_in_the_reference() -> None:
    defined = set(defined_ids(reference_text()))
    undefined = [(where, cited) for where, cited in citations() if cited not in defined]
    assert undefined == []


def test_no_cited_range_runs_backwards() -> None:
    backward = [
        (str(path.relative_to(ROOT)), text)
        for path in scanned_files()
        for text in backward_ranges(path.read_text(encoding="utf-8"))
    ]
    assert backward == []


def test_the_scan_reads_the_code_and_finds_its_citations() -> None:
    """Guards the scan itself: the files and citations known to be there are found."""
    found = list(citations())
    places = {where.split(":")[0] for where, _ in found}
    assert "src/park/engine/turn_rules.py" in places
    assert "src/park/data/board.toml" in places
    assert "tests/engine/test_rules_park.py" in places
    assert {cited for _, cited in found} >= {"R1", "R62", "R104", "A1", "A5", "A32"}
    assert len(found) > 2000  # ranges expanded: about 2,600 when this test was written


def test_every_link_to_the_reference_lands_on_an_anchor() -> None:
    anchors = reference_anchors(reference_text())
    broken = [
        (str(path.relative_to(ROOT)), fragment)
        for path in scanned_files()
        for fragment in LINK_TO_REFERENCE.findall(path.read_text(encoding="utf-8"))
        if fragment not in anchors
    ]
    assert broken == []


def test_nothing_sends_a_reader_to_the_design_folder() -> None:
    """RULES.md and GAME.md are outside the repository; docs/rules.md stands for both."""
    mentions = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in scanned_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if DESIGN_DOCUMENT.search(line)
    ]
    assert mentions == []


# -- the pattern -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("# R62", ["R62"]),
        ("(R15, A1)", ["R15", "A1"]),
        ("def test_R58_park_only_ever", ["R58"]),
        ("R63/R64", ["R63", "R64"]),
        ("R21-R24", ["R21", "R22", "R23", "R24"]),
        ("R103–R104", ["R103", "R104"]),
        ("R14/R99-R101", ["R14", "R99", "R100", "R101"]),
        ("(R-A1)", ["A1"]),
        ("A16-A18.", ["A16", "A17", "A18"]),
        ("R8 - 3 points", ["R8"]),
        ("R1-A3", ["R1", "A3"]),
        ("docs/rules.md#r62", []),
        ("color: #A12; fill: #A1B2C3", []),
        ("0xA1 3fA1b", []),
        ("RUF001 A001 F401 E501", []),
        ("R2D2 R0 A07", []),
        ("``#r1.<body>.<moves>``", []),
        ("P1 and P2", []),
    ],
)
def test_citation_pattern(text: str, ids: list[str]) -> None:
    assert cited_ids(text) == ids


def test_a_backward_range_is_reported() -> None:
    assert backward_ranges("R31-R21 and R21-R31") == ["R31-R21"]
    assert cited_ids("R31-R21") == ["R31", "R21"]


def test_an_undefined_id_would_be_reported() -> None:
    """The check can fail: an id past the reference's last rule is not among those defined."""
    defined = set(defined_ids(reference_text()))
    late = "R" + str(len(RULES) + 1)
    assert [cited for cited in cited_ids(f"see {late}") if cited not in defined] == [late]


def test_design_document_pattern() -> None:
    found = [
        text
        for text in ("see RULES.md 1.5", "/work/shared/design/GAME.md", "docs/rules.md", "ARCH.md")
        if DESIGN_DOCUMENT.search(text)
    ]
    assert found == ["see RULES.md 1.5", "/work/shared/design/GAME.md"]


def test_heading_slugs_follow_github() -> None:
    assert heading_slug("The deck, drawing and discards") == "the-deck-drawing-and-discards"
    assert heading_slug("The Gentlemen's Club") == "the-gentlemens-club"
    assert heading_slug("Cafés") == "cafés"


def _id_order(cited: str) -> tuple[str, int]:
    """Sort key: rules before rulings, then by number."""
    return ("0" if cited[0] == "R" else "1", int(cited[1:]))
