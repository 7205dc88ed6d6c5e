"""Tests of the page's own Python (``web/*.py``), read as text: what it imports at start-up
and how it is wired."""
