"""Tests of ``park.ui.live``.

A live table's links, its messages, the host's checks and a friend's view of its seat.
"""
