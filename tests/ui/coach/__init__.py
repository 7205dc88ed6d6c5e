"""Tests of ``park.ui.coach``: hints and the review at the table, and their words."""
