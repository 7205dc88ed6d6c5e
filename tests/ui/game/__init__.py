"""Tests of ``park.ui.game``.

The session, its saves and files, hot-seat, what the player is told after the AI turns.
"""
