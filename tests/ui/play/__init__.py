"""Tests of ``park.ui.play``: the view model, the map, the panels, the log, the warnings."""
