"""Tests of ``park.ui.setup``.

The New game form, the seats, the play modes, the pace, Today's expedition.
"""
