"""Tests of ``park.ui.page``: the page's state, its updates, its view (issue 49), in CPython."""
