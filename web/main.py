"""Park in the browser: the page's Python entry point, run by PyScript on the main thread.

The ``park`` wheel is unpacked next to this file by PyScript's ``files`` config, so it
imports like any installed package. When the game is usable, set
``<html data-park-ready="true">``: the loading screen hides, the service worker gets
registered, and the end-to-end tests start. If this module raises before that, the page
shows "Python failed to start" with the traceback (see boot.js).
"""

from importlib.metadata import PackageNotFoundError, version

from pyscript import document  # type: ignore[import-not-found]

import park


def park_version() -> str:
    """The version of the loaded ``park`` wheel, or "?" if it has no metadata."""
    try:
        return version("park")
    except PackageNotFoundError:
        return "?"


def main() -> None:
    """Render the (placeholder) game screen and signal that the page is ready."""
    root = document.getElementById("park-root")
    heading = document.createElement("h1")
    heading.textContent = "Captain Park's Imaginary Polar Expedition"
    note = document.createElement("p")
    note.textContent = f"Python is running: park {park_version()} ({park.__name__}) is loaded."
    root.append(heading, note)
    document.documentElement.dataset.parkReady = "true"


main()
