"""Tests of ``park.ui.record``: Your record, and the daily results and streak in it."""
