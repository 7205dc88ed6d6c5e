"""Tests of the tooling (``tools/``): the slimmed Python, the start-up snapshot's file, the
build's information, the fonts and the paths from nothing."""
