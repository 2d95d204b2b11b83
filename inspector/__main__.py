"""``python -m inspector``: the same command line as ``toolsinspector``."""

import sys

from inspector.cli.main import main

sys.exit(main())
