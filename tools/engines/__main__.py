"""Start each engine, print its version or why it does not start.

``python -m tools.engines [ENGINE ...]``: start each engine, print its version or why it does
not start (exit 1 if any does not).
"""

from tools.engines import main

raise SystemExit(main())
