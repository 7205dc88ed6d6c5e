"""Launch headless Chromium for the e2e tests and the benchmark, the same way everywhere.

Debian's ``/usr/bin/chromium`` is used where it exists (Playwright's own browser
download does not work on our machines); elsewhere (GitHub Actions) Playwright's own
Chromium. ``scripts/setup.sh --for test`` installs one where none starts (Debian's
``chromium`` package on Debian as root, else ``python -m playwright install chromium``);
it asks this module first:

    python -m tools.browser    # prints the Chromium it starts, or why none starts (exit 1)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")

LAUNCH_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""Without the background-networking flags Chromium keeps trying to reach Google's hosts."""


def heap_profiler_flags(sampling_bytes: int | None = None) -> tuple[str, ...]:
    """The flags that turn Chromium's in-process heap profiler on in every session.

    Chromium turns it on in a share of its sessions by itself; its stack walk crashed our
    page's tab when Python ran on JSPI's stacks (issue 53, docs/browsers.md). Every renderer
    samples an allocation every ``sampling_bytes`` bytes on average (None: Chromium's rate).
    """
    params = "stable-probability/1.0/nonstable-probability/1.0"
    if sampling_bytes is not None:
        params += f"/renderer-sampling-rate-bytes/{sampling_bytes}"
    return (f"--enable-features=HeapProfilerReporting:{params}",)


def chromium_executable() -> str | None:
    """Return the Chromium to launch: $PARK_CHROMIUM, Debian's, or None for Playwright's."""
    override = os.environ.get("PARK_CHROMIUM")
    if override:
        return override
    return str(SYSTEM_CHROMIUM) if SYSTEM_CHROMIUM.exists() else None


def launch_chromium(playwright: Playwright, extra_args: Sequence[str] = ()) -> Browser:
    """Launch headless Chromium with our flags (:data:`LAUNCH_ARGS`) and ``extra_args``."""
    return playwright.chromium.launch(
        executable_path=chromium_executable(), args=[*LAUNCH_ARGS, *extra_args], headless=True
    )


def main() -> int:
    """Start headless Chromium as the tests do; print its version and where it comes from."""
    from playwright.sync_api import Error, sync_playwright

    executable = chromium_executable()
    with sync_playwright() as playwright:
        try:
            browser = launch_chromium(playwright)
        except Error as exc:
            first = (exc.message.strip().splitlines() or [str(exc)])[0]
            print(f"headless Chromium does not start: {first}", file=sys.stderr)
            return 1
        where = executable or "Playwright's own"
        print(f"Chromium {browser.version} ({where})")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
