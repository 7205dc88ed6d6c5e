"""Tests of ``park.ui.setup``: the New game form, the seats, the play modes, the pace,
Today's expedition."""
