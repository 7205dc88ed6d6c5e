"""Tests of ``park.ui.replay``: a finished game step by step."""
