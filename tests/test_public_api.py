"""The public API: every name in ``__all__`` resolves, the list is sorted, import stays light,
and every name documents its arguments, results and errors."""

from __future__ import annotations

import ast
import enum
import inspect
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from types import FunctionType

import docstring_parser
import pytest

import inspector
from tests.conftest import ROOT


def test_all_is_sorted_and_every_name_resolves() -> None:
    assert inspector.__all__ == sorted(inspector.__all__)
    for name in inspector.__all__:
        assert getattr(inspector, name) is not None


def test_no_public_name_is_shadowed_by_a_subpackage() -> None:
    code = (
        "import inspector, inspector.cli.main, inspector.runtime.toolbox, types; "
        "print([n for n in inspector.__all__ "
        "if isinstance(getattr(inspector, n), types.ModuleType)])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_importing_the_package_or_the_cli_loads_no_heavy_module() -> None:
    code = (
        "import sys, inspector, inspector.cli.main; "
        "heavy = ('jinja2', 'docstring_parser', 'pydantic', 'inspector.scan.scanner'); "
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_the_console_script_is_run_which_exits_with_main_s_status(tmp_path: Path) -> None:
    """``run`` (the ``toolsinspector`` script and ``python -m inspector``) exits with the
    status ``main`` returns."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"] == {"toolsinspector": "inspector.cli:run"}
    code = (
        "import sys\n"
        "sys.argv = ['toolsinspector', *sys.argv[1:]]\n"
        "from inspector.cli import run\n"
        "run()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for arguments, status in ((["providers"], 0), (["scan", "missing.py:Nothing", "-o", "-"], 1)):
        result = subprocess.run(
            [sys.executable, "-c", code, *arguments],
            check=False,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
        )
        assert result.returncode == status, result.stderr


# Every public name documents itself in Google style, so the API reference shows a parameter
# table for each: functions and methods their arguments (``Args:``), what they give back
# (``Returns:``, unless they return None) and, when their body raises, what (``Raises:``);
# classes their constructor's arguments (``Args:`` or, for a dataclass, ``Attributes:``) and
# enums their members (``Attributes:``).

ARGUMENT_SECTIONS = {"param", "arg", "args", "argument", "arguments", "parameter", "parameters"}


def _sections(thing: object) -> docstring_parser.Docstring:
    return docstring_parser.parse(
        inspect.getdoc(thing) or "", docstring_parser.DocstringStyle.GOOGLE
    )


def _raises(function: Callable[..., object]) -> bool:
    """Whether the function's own source holds a ``raise``."""
    try:
        source = textwrap.dedent(inspect.getsource(function))
    except (OSError, TypeError):
        return False
    return any(isinstance(node, ast.Raise) for node in ast.walk(ast.parse(source)))


def function_problems(function: Callable[..., object], *, bound: bool = False) -> list[str]:
    """What a function's docstring lacks: its arguments (all of them, and no others), its
    return value, what it raises. ``bound``: the first parameter (self, cls) is not one."""
    doc = _sections(function)
    parameters = list(inspect.signature(function).parameters.values())[1 if bound else 0 :]
    wanted = [p.name for p in parameters]
    given = [p.arg_name.lstrip("*") for p in doc.params if p.args[0] in ARGUMENT_SECTIONS]
    problems = []
    if sorted(given) != sorted(wanted):
        problems.append(f"Args: {given}, not the parameters {wanted}")
    returned = inspect.signature(function).return_annotation
    if returned not in (None, "None") and doc.returns is None:
        problems.append("no Returns")
    if _raises(function) and not doc.raises:
        problems.append("no Raises")
    return problems


def class_problems(cls: type) -> list[str]:
    """What a class's docstring lacks (its constructor's arguments, or an enum's members), and
    what its public methods' docstrings lack."""
    doc = _sections(cls)
    documented = {p.arg_name.lstrip("*") for p in doc.params}
    if issubclass(cls, enum.Enum):
        wanted = list(cls.__members__)
    elif any("__init__" in vars(c) for c in cls.__mro__ if c.__module__ != "builtins"):
        wanted = list(inspect.signature(cls).parameters)
    else:
        wanted = []  # an exception's (*args): its message
    problems = [
        f"{cls.__name__}: {name} not documented" for name in wanted if name not in documented
    ]
    for name, member in vars(cls).items():
        if name.startswith("_") or not isinstance(
            member, staticmethod | classmethod | FunctionType
        ):
            continue
        function = member.__func__ if isinstance(member, staticmethod | classmethod) else member
        bound = not isinstance(member, staticmethod)
        problems += [
            f"{cls.__name__}.{name}: {p}" for p in function_problems(function, bound=bound)
        ]
    return problems


@pytest.mark.parametrize("name", inspector.__all__)
def test_every_public_name_documents_its_arguments_results_and_errors(name: str) -> None:
    thing = getattr(inspector, name)
    problems = class_problems(thing) if inspect.isclass(thing) else function_problems(thing)
    assert problems == []


def test_a_docstring_without_its_sections_is_found() -> None:
    class Shop:
        """A shop.

        Args:
            city: Where.
        """

        def __init__(self, city: str, size: int) -> None:
            self.city = city

        def buy(self, item: str) -> str:
            """Buy it."""
            raise ValueError(item)

    assert class_problems(Shop) == [
        "Shop: size not documented",
        "Shop.buy: Args: [], not the parameters ['item']",
        "Shop.buy: no Returns",
        "Shop.buy: no Raises",
    ]

    def documented(item: str) -> None:
        """Buy it.

        Args:
            item: What.
            gone: Not a parameter any more.
        """

    assert function_problems(documented) == ["Args: ['item', 'gone'], not the parameters ['item']"]
