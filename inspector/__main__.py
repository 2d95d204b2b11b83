"""``python -m inspector``: the same command line as ``toolsinspector``."""

import sys

from inspector.cli import main

sys.exit(main())
