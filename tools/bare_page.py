"""A bare PyScript "hello" page on the same self-hosted runtime: the benchmark's baseline.

It lives in its own site folder (``bench/results/site-bare/`` when the benchmark builds
it) with its own Workbox service worker, not our site's, so
that its offline reload is measured the same way as ours and neither service worker
controls the other page. It sets the same ready signal as the game page
(``<html data-park-ready="true">``), so one benchmark waits for both the same way. It is
never deployed.
"""

from __future__ import annotations

from pathlib import Path

from tools.runtime import point_at_runtime

INDEX_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript page (benchmark baseline)</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="./runtime/pyscript/core.css">
  <script type="module" src="./runtime/pyscript/core.js"></script>
</head>
<body>
  <script type="py" config="./pyscript.json">
from pyscript import document, window
print("hello")
document.documentElement.dataset.parkReady = "true"
window.performance.mark("park:ready")
window.navigator.serviceWorker.register("./sw.js")
  </script>
</body>
</html>
"""


def write_bare_page(site: Path) -> Path:
    """Write the bare page's ``index.html`` into ``site``."""
    path = site / "index.html"
    path.write_text(point_at_runtime(INDEX_HTML, "the bare page"), encoding="utf-8")
    return path
