"""Tests of the page's own Python (``web/*.py``), read as text.

What it imports at start-up and how it is wired.
"""
