"""Tests of ``park.ui.story``: the game's story at game over."""
