"""Where things live in a checkout, and where the built sites go."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The repository root."""

WEB = ROOT / "web"
"""Hand-written page sources: index.html, boot.js, main.py, styles/, icons/."""

SITE = ROOT / "site"
"""The built site, deployed to GitHub Pages as is."""

NODE_MODULES = ROOT / "node_modules"
"""Where `npm ci` puts the pinned runtime (Pyodide, PyScript) and workbox-cli."""

RUNTIME_DIR = "runtime"
"""Folder, relative to a site root, that holds the self-hosted runtime."""
