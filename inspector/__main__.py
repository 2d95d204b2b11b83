"""``python -m inspector``: the same command line as ``toolsinspector``."""

from inspector.cli.main import run

run()
