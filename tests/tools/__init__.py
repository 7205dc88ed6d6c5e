"""Tests of the tooling (``tools/``).

The slimmed Python, the start-up snapshot's file, the build's information, the fonts and the paths
from nothing.
"""
