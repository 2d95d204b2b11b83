"""Types from literal defaults: a parameter with no hint and no docstring type but ``x=0``,
``flag=False``, ``ratio=0.5`` or ``name="a"`` takes the default's type, recorded as
``"default"`` in ``type_sources``; the Toolbox converts by it (issue 27, item 15)."""

from __future__ import annotations

import pytest

from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests.conftest import inspect_class, messages


class Plain:
    def run(self, count=0, flag=False, ratio=0.5, name="a", nothing=None, *, documented=1):  # type: ignore[no-untyped-def]
        """Run.

        Args:
            count: How many.
            flag: Whether.
            ratio: How much.
            name: Who.
            nothing: Anything.
            documented (float): Typed by the docstring.
        """
        return [count, flag, ratio, name, nothing, documented]


def test_a_literal_default_types_a_parameter_without_hint_or_docstring_type() -> None:
    tools, diagnostics = inspect_class(Plain)
    run = tools["run"]
    assert run.parameters_schema()["properties"] == {
        "count": {"type": "integer", "description": "How many.", "default": 0},
        "flag": {"type": "boolean", "description": "Whether.", "default": False},
        "ratio": {"type": "number", "description": "How much.", "default": 0.5},
        "name": {"type": "string", "description": "Who.", "default": "a"},
        "nothing": {"description": "Anything.", "default": None},
        "documented": {"type": "number", "description": "Typed by the docstring.", "default": 1},
    }
    assert run.type_sources == (
        ("count", "default"),
        ("flag", "default"),
        ("ratio", "default"),
        ("name", "default"),
        ("documented", "docstring"),
    )
    assert messages(diagnostics) == [
        "warning: Plain.run: parameter 'nothing': no type hint; any value accepted"
    ]


def test_the_toolbox_converts_by_the_type_of_the_default() -> None:
    box = Toolbox(Plain())
    assert box.call("run", {"count": 3, "flag": True, "nothing": [1]}) == [
        3,
        True,
        0.5,
        "a",
        [1],
        1,
    ]
    assert box.call("run", {"count": "4"}) == [4, False, 0.5, "a", None, 1]  # lenient, noted
    with pytest.raises(ToolCallError, match=r"^run: count: expected integer"):
        box.call("run", {"count": "many"})
