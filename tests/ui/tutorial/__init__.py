"""Tests of ``park.ui.tutorial``: Learn to play's lessons and guided game."""
