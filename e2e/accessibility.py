"""axe-core run in the page, for the e2e tests of any screen: :func:`assert_accessible`.

The rules are WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. axe-core
is a test tool, pinned in package.json and installed by ``npm ci``: the tests read
``node_modules/axe-core/axe.min.js`` and evaluate it in the page, as the DevTools console
would (so the page's Content-Security-Policy, which forbids inline scripts, does not stop
it); it is never part of the built site (``test_accessibility.py`` checks).

axe cannot measure the contrast of text on a gradient, and most panels and buttons have one:
it reports such text as "incomplete". :data:`AXE_JS` measures that text against every colour
stop of its gradient, and the worst stop must pass too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Page
from tools.paths import NODE_MODULES

AXE = NODE_MODULES / "axe-core" / "axe.min.js"
"""axe-core, installed from package-lock.json by ``npm ci`` (scripts/setup.sh)."""

TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice")
"""axe's tags for WCAG 2.0/2.1/2.2 levels A and AA, and its best practices."""

SET_ASIDE: dict[str, str] = {}
"""Rules of :data:`TAGS` not yet asserted, each with the reason (rule id -> reason)."""

AXE_JS = """
async ([tags, setAside]) => {
  const rules = Object.fromEntries(setAside.map((id) => [id, { enabled: false }]));
  const result = await axe.run(document, {
    runOnly: { type: "tag", values: tags },
    rules,
    resultTypes: ["violations", "incomplete"],
  });
  const report = result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact || "",
    help: v.help,
    url: v.helpUrl,
    nodes: v.nodes.map((n) => [n.target.join(" "), n.failureSummary || ""]),
  }));

  // Text on a gradient: axe leaves it "incomplete"; measure it against every colour stop.
  const rgba = (text) => {
    const p = text.match(/[\\d.]+/g).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]));
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((c) => {
      c /= 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const backgrounds = (element) => {
    // Layers from the element down to the first opaque colour, then painted bottom-up.
    const layers = [];
    let base = [255, 255, 255, 1];
    for (let e = element; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      const colour = rgba(style.backgroundColor);
      const gradient = style.backgroundImage.includes("gradient")
        ? (style.backgroundImage.match(/rgba?\\([^)]*\\)/g) || []).map(rgba)
        : [];
      if (gradient.length) layers.push(gradient);
      if (colour[3] >= 1) { base = colour; break; }
      if (colour[3] > 0) layers.push([colour]);
    }
    let under = [base.slice(0, 3)];
    for (const stops of layers.reverse()) {
      under = under.flatMap((u) => stops.map((s) => over(s, u)));
    }
    return under;
  };
  const gradientNodes = result.incomplete
    .filter((r) => r.id === "color-contrast")
    .flatMap((r) => r.nodes)
    .filter((n) => [...n.any, ...n.all, ...n.none]
      .some((c) => c.data?.messageKey === "bgGradient"));
  const failing = [];
  for (const node of gradientNodes) {
    const element = document.querySelector(node.target[node.target.length - 1]);
    if (!element) continue;
    const style = getComputedStyle(element);
    let opacity = 1;
    for (let e = element; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const ink = rgba(style.color);
    ink[3] *= opacity;
    const px = parseFloat(style.fontSize);
    const large = px >= 24 || (Number(style.fontWeight) >= 700 && px >= 18.66);
    const needed = large ? 3 : 4.5;
    const worst = Math.min(...backgrounds(element).map((bg) => contrast(over(ink, bg), bg)));
    if (worst < needed) {
      failing.push([node.target.join(" "),
        `contrast ${worst.toFixed(2)}:1 (needs ${needed}:1) on the worst stop of its ` +
        `gradient: ink ${style.color} at opacity ${opacity.toFixed(2)}, ${px}px`]);
    }
  }
  if (failing.length) {
    report.push({
      rule: "color-contrast (gradient)",
      impact: "serious",
      help: "Text on a gradient must meet the contrast ratio on every stop",
      url: "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum",
      nodes: failing,
    });
  }
  return report;
}
"""
"""Runs axe-core (already in the page) and the gradient check; returns the violations."""


@dataclass(frozen=True)
class Violation:
    """One axe-core rule broken on a screen: where (CSS selectors) and how to fix each."""

    rule: str
    impact: str
    help: str
    url: str
    nodes: tuple[tuple[str, str], ...]
    """(target selector, axe's failure summary) per element."""

    def describe(self) -> str:
        """The rule, its impact and summary, then each element's selector and what to fix."""
        lines = [f"{self.rule} [{self.impact}] {self.help} ({self.url})"]
        for target, summary in self.nodes:
            lines.append(f"    {target}")
            lines.extend(f"        {line.strip()}" for line in summary.splitlines() if line.strip())
        return "\n".join(lines)


@cache
def axe_source() -> str:
    """axe-core's script, read once; fails with a hint if ``npm ci`` has not installed it."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (scripts/setup.sh)")
    return AXE.read_text(encoding="utf-8")


def axe_violations(page: Page) -> list[Violation]:
    """Run axe-core on the page as it is now and return what it finds.

    It runs the rules of :data:`TAGS`, except those of :data:`SET_ASIDE`.
    """
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    found: list[dict[str, Any]] = page.evaluate(AXE_JS, [list(TAGS), list(SET_ASIDE)])
    return [
        Violation(
            rule=str(v["rule"]),
            impact=str(v["impact"]),
            help=str(v["help"]),
            url=str(v["url"]),
            nodes=tuple((str(target), str(summary)) for target, summary in v["nodes"]),
        )
        for v in found
    ]


def assert_accessible(page: Page, screen: str) -> None:
    """Fail, listing every violation (rule, impact, selectors, what to fix).

    If axe-core finds any on ``screen``, the page as it is now.
    """
    violations = axe_violations(page)
    if violations:
        listing = "\n".join(v.describe() for v in violations)
        pytest.fail(
            f"axe-core found {len(violations)} violation(s) on {screen}:\n{listing}",
            pytrace=False,
        )
