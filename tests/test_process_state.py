"""A scan leaves the process as it found it: working directory, ``sys.path``, the recursion
limit and the garbage collector; and nothing it read is kept for the next call (an edited file is
read again)."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path

from inspector import Toolbox, api
from inspector.project import pipeline
from inspector.project.config import Config
from inspector.project.generate import generate
from tests.conftest import load

SOURCE = '''
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from decimal import Decimal


class Shop:
    """A shop."""

    def price(self, item: str, discount: "Decimal | None" = None) -> float:
        """The price of an item.

        Args:
            item: Which one.
            discount: Taken off.
        """
        return 1.0
'''


def _state() -> tuple[object, ...]:
    return os.getcwd(), list(sys.path), sys.getrecursionlimit(), gc.isenabled()


def test_no_door_changes_the_process(tmp_path: Path, modules: Callable[..., None]) -> None:
    modules(**{"shop_state.py": SOURCE})
    project = tmp_path / "project"
    project.mkdir()
    (project / "local_shop.py").write_text(SOURCE, encoding="utf-8")
    before = _state()
    api.scan_catalog(["shop_state:Shop", str(project / "local_shop.py")])
    api.scan_targets([str(project / "local_shop.py")], output=None, classification_path=None)
    pipeline.scan(["local_shop.py:Shop"], root=project)
    generate(Config(root=project, targets=("local_shop.py:Shop",)))
    Toolbox(load("shop_state").Shop())
    assert _state() == before


def test_a_file_edited_between_two_scans_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "edited_shop.py"
    path.write_text(SOURCE, encoding="utf-8")
    first, _ = api.scan_catalog([f"{path}:Shop"])
    path.write_text(SOURCE.replace("Taken off.", "Taken off the price."), encoding="utf-8")
    second, _ = api.scan_catalog([f"{path}:Shop"])
    texts = [
        [field.description for field in tool.parameters]
        for catalog in (first, second)
        for _, tool in catalog.tools()
    ]
    assert texts == [["Which one.", "Taken off."], ["Which one.", "Taken off the price."]]
