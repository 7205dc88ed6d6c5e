"""Tests of ``park.ui.lang``: the catalogues and the language, the words, a game in Japanese."""
