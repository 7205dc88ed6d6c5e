"""``python -m park``: see :mod:`park.cli`."""

import sys

from .cli import main

sys.exit(main())
