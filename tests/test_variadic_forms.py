"""Variadic forms a model cannot give (ParamSpec, TypeVarTuple), ``**kwargs: Any`` and
methods that cannot be inspected: each is a located note, never the target's failure (issue
27, items 2, 14 and 17)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar, TypeVarTuple, Unpack

from pydantic import WithJsonSchema

from inspector.model import ArrayType, IntegerType, LeftOut, ParameterKind
from inspector.render.jinja import render_template as render
from inspector.render.options import RenderOptions
from inspector.runtime.toolbox import Toolbox
from tests.conftest import Run, inspect_class, messages
from tests.goldens import RENDERS
from tests.test_providers import CHECKS

P = ParamSpec("P")
T = TypeVar("T")
Ts = TypeVarTuple("Ts")


class Forms:
    def pipe(
        self, count: int, f: Callable[P, T] | None = None, *args: P.args, **kwargs: P.kwargs
    ) -> int:
        """Pass ``f`` on.

        Args:
            count: How many.
            f: The function.
        """
        return count

    def soon(self, count: int, *args: Unpack[Ts]) -> None:  # noqa: UP044 (typeshed's form)
        """Call soon.

        Args:
            count: How many.
        """

    def many(self, *args: *tuple[int, ...]) -> None:
        """Many numbers.

        Args:
            args: The numbers.
        """


def test_paramspec_and_typevartuple_variadics_are_left_out_with_their_own_reason() -> None:
    tools, diagnostics = inspect_class(Forms)
    assert [f.name for f in tools["pipe"].parameters] == ["count"]
    assert tools["pipe"].left_out == (
        LeftOut("f", "no-json-form", "collections.abc.Callable[~P, ~T]"),
        LeftOut("args", "untyped-variadic"),
        LeftOut("kwargs", "untyped-variadic"),
    )
    assert [f.name for f in tools["soon"].parameters] == ["count"]
    assert tools["soon"].left_out == (LeftOut("args", "untyped-variadic"),)
    (args,) = tools["many"].parameters
    assert (args.name, args.type, args.kind) == (
        "args",
        ArrayType(IntegerType()),
        ParameterKind.VAR_POSITIONAL,
    )
    assert messages(diagnostics) == [
        "info: Forms.pipe: parameter 'f': type collections.abc.Callable[~P, ~T] has no JSON "
        "form; left out",
        "info: Forms.pipe: *args left out: a ParamSpec (P.args) says only that they are passed on",
        "info: Forms.pipe: **kwargs left out: a ParamSpec (P.kwargs) says only that they are "
        "passed on",
        "info: Forms.soon: *args left out: a TypeVarTuple (*Ts) says nothing of the values",
    ]


BROKEN = '''
class Broken:
    def fine(self, n: int) -> int:
        """Fine.

        Args:
            n: A number.
        """
        return n

    def odd(self, n: int) -> int:
        """Odd."""
        return n

    odd.__signature__ = "broken"
'''


def test_a_method_that_cannot_be_inspected_is_one_warning_and_starts_false(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("broken.py").write_text(BROKEN, encoding="utf-8")
    first = run_cli("scan", "broken.py:Broken", "-o", "tools.json")
    assert first.status == 0
    assert first.stderr == (
        "broken.py:11: warning[TI104]: Broken.odd: no signature can be read (unexpected object "
        "'broken' in __signature__ attribute); not offered\n"
        "tools.classification.json: info[TI310]: Broken.odd: a model cannot call it (its "
        "signature cannot be read); recorded as false\n"
    )
    assert Path("tools.classification.json").read_text(encoding="utf-8") == (
        '{\n  "Broken": {\n    "fine": true,\n    "odd": false\n  }\n}\n'
    )
    again = run_cli("scan", "broken.py:Broken", "-o", "tools.json")
    assert (again.status, again.stderr) == (0, "")  # set false: quiet, and no TI301
    assert again.stdout.splitlines()[-1] == "diagnostics: 0 errors, 0 warnings, 0 info"


class Open:
    def run(self, name: str, **kwargs: Any) -> dict[str, object]:
        """Run.

        Args:
            name: A name.
            kwargs: More options.
        """
        return {"name": name, **kwargs}

    def tag(self, label: Annotated[str | None, WithJsonSchema({"type": "string"})] = None) -> str:
        """Tag.

        Args:
            label: The label.
        """
        return str(label)


def test_kwargs_of_any_value_are_an_open_object_the_toolbox_spreads() -> None:
    """``**kwargs: Any`` says more keys are welcome: a ``kwargs`` object of any keys (as
    ``**kwargs: int`` is an object of integers), valid for every provider, strict too."""
    tools, diagnostics = inspect_class(Open)
    assert tools["run"].parameters_schema() == {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "A name."},
            "kwargs": {
                "type": "object",
                "description": "More options.",
                "additionalProperties": True,
            },
        },
        "required": ["name"],
    }
    assert tools["run"].left_out == ()
    assert messages(diagnostics) == []
    box = Toolbox(Open())
    assert box.call("run", {"name": "a", "kwargs": {"x": 1, "y": [2]}}) == {
        "name": "a",
        "x": 1,
        "y": [2],
    }
    for file_name, args in RENDERS.items():
        options = RenderOptions(
            strict="--strict" in args, gemini_json_schema="--gemini-json-schema" in args
        )
        text, _ = render(args[1], list(tools.values()), options)
        CHECKS[file_name.removesuffix(".json")](json.loads(text))


def test_a_json_schema_override_is_the_whole_schema_with_a_none_default() -> None:
    tools, _ = inspect_class(Open)
    assert tools["tag"].parameters_schema()["properties"] == {
        "label": {"type": "string", "description": "The label.", "default": None}
    }
    assert Toolbox(Open()).call("tag", {}) == "None"


def test_the_variadics_of_a_c_function_without_a_signature_are_spread() -> None:
    """``math.hypot`` has no signature to read; its stub gives ``*coordinates: float``. Its
    call failed as an argument error (``hypot: no signature found for builtin``) for every
    arguments object its schema allows."""
    toolbox = Toolbox(math, include=["hypot"])
    assert [tool.name for tool in toolbox.tools] == ["hypot"]
    assert toolbox.call("hypot", {"coordinates": [3, 4]}) == 5.0
    assert toolbox.call("hypot", {}) == 0.0
