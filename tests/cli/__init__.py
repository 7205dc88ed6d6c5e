"""The command line's tests (``park.cli``): ``python -m park simulate`` and ``tournament``."""
