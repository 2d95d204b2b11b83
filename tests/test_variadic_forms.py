"""Variadic forms a model cannot give (ParamSpec, TypeVarTuple) and methods that cannot be
inspected: each is a located note, never the target's failure (issue 27, items 2 and 17)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TypeVar, TypeVarTuple, Unpack

from inspector.model import ArrayType, IntegerType, LeftOut, ParameterKind
from tests.conftest import Run, inspect_class, messages

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
        "tools.classification.json: info[TI310]: Broken.odd: a model cannot call it (a "
        "required parameter has no JSON form); recorded as false\n"
    )
    assert Path("tools.classification.json").read_text(encoding="utf-8") == (
        '{\n  "Broken": {\n    "fine": true,\n    "odd": false\n  }\n}\n'
    )
    again = run_cli("scan", "broken.py:Broken", "-o", "tools.json")
    assert (again.status, again.stderr) == (0, "")  # set false: quiet, and no TI301
    assert again.stdout.splitlines()[-1] == "diagnostics: 0 errors, 0 warnings, 0 info"
