"""Rewrite every golden file from the current code: ``python tests/regen_goldens.py``."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.goldens import CASES, GOLDEN, ROOT, produce


def main() -> None:
    os.chdir(ROOT)
    with tempfile.TemporaryDirectory() as scratch:
        for case in CASES:
            folder = GOLDEN / case.name
            folder.mkdir(parents=True, exist_ok=True)
            for name, text in produce(case, Path(scratch)).items():
                (folder / name).write_text(text, encoding="utf-8")
                print(f"wrote {(folder / name).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
