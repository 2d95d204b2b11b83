"""Every door gives the same catalog: the command line, ``scan_catalog``, ``scan_targets``, the
pipeline and the ``Toolbox`` read one class (Google, NumPy and reST docstrings) alike."""

from __future__ import annotations

import json
from collections.abc import Callable

from inspector import Toolbox, api
from inspector.files import tools_json
from inspector.project import pipeline
from tests.conftest import Run, load

SOURCE = '''
class Styles:
    """Three docstring styles in one class."""

    def google(self, count: int, label) -> str:
        """Count in Google style.

        Args:
            count: How many.
            label (str): What to call them.

        Returns:
            The text.
        """
        return label * count

    def numpy(self, count: int, label) -> str:
        """Count in NumPy style.

        Parameters
        ----------
        count : int
            How many.
        label : str
            What to call them.

        Returns
        -------
        str
            The text.
        """
        return label * count

    def rest(self, count: int, label) -> str:
        """Count in reST style.

        :param count: How many.
        :param label: What to call them.
        :type label: str
        :returns: The text.
        """
        return label * count
'''
TARGET = "doors_styles:Styles"


def _texts(tools: dict[str, object]) -> dict[str, tuple[object, object]]:
    """Each tool's description and parameters, by name (what a docstring style changes)."""
    return {
        name: (tool["function"]["description"], tool["function"]["parameters"])  # type: ignore[index]
        for name, tool in tools.items()
    }


def test_every_door_gives_the_same_tools(
    modules: Callable[..., None], run_cli: Callable[..., Run]
) -> None:
    modules(**{"doors_styles.py": SOURCE})
    cli = run_cli("scan", TARGET, "-o", "-", "-q")
    assert cli.status == 0, cli.stderr
    catalog, _ = api.scan_catalog([TARGET])
    scanned = api.scan_targets([TARGET], output=None, classification_path=None)
    piped, _ = pipeline.scan([TARGET])
    box = Toolbox(load("doors_styles").Styles())

    texts = {
        "cli": cli.stdout,
        "scan_catalog": tools_json.to_text(catalog),
        "scan_targets": scanned.tools_text,
        "pipeline": tools_json.to_text(piped),
    }
    assert len(set(texts.values())) == 1, texts
    assert [tool for _, tool in catalog.tools()] == box.tools

    methods = json.loads(cli.stdout)["classes"]["Styles"]["methods"]
    parameters = {
        "type": "object",
        "properties": {
            "count": {"type": "integer", "description": "How many."},
            "label": {"type": "string", "description": "What to call them."},
        },
        "required": ["count", "label"],
    }
    assert _texts(methods) == {
        "google": ("Count in Google style.", parameters),
        "numpy": ("Count in NumPy style.", parameters),
        "rest": ("Count in reST style.", parameters),
    }
