"""Typed share: of the parameters and returns of real installed classes, the fraction whose
schema says a type (anything but "any value").

Usage: ``python benchmarks/typed_share.py [--libraries requests,stdlib] [--inspector DIR]``.
``--inspector`` scans with another checkout of toolsinspector (e.g. an older commit unpacked
with ``git archive``), for before/after numbers. Prints a Markdown table; a library that is not
installed is listed as such. See docs/guides/real-code.md for the numbers.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LIBRARIES: dict[str, tuple[str, ...]] = {
    "requests": ("requests.sessions:Session", "requests.models:Response"),
    "pandas": ("pandas:DataFrame", "pandas:Series"),
    "sqlalchemy": (
        "sqlalchemy.orm:Session",
        "sqlalchemy.engine:Engine",
        "sqlalchemy.engine:Connection",
    ),
    "PIL": ("PIL.Image:Image",),
    "redis": ("redis:Redis",),
    "rich": ("rich.console:Console", "rich.table:Table"),
    "stdlib": (
        "pathlib:Path",
        "sqlite3:Connection",
        "datetime:datetime",
        "datetime:timedelta",
        "collections:Counter",
        "json:JSONDecoder",
        "argparse:ArgumentParser",
        "zipfile:ZipFile",
    ),
}
"""Library → the classes scanned (``module:Class`` targets)."""

_TYPE_KEYS = frozenset({"type", "enum", "anyOf", "oneOf", "allOf", "$ref", "not", "const"})
_NO_HINT = ": no type hint; any value accepted"


@dataclass
class Share:
    """Counts for one library, over the tools a model is offered by default (those the
    classification defaults include: all but the uncallable ones)."""

    methods: int = 0
    uncallable: int = 0
    failed: int = 0
    parameters: int = 0
    typed_parameters: int = 0
    unannotated_parameters: int = 0
    said_any_parameters: int = 0
    left_out_parameters: int = 0
    returns: int = 0
    typed_returns: int = 0
    unannotated_returns: int = 0
    said_any_returns: int = 0

    def row(self, library: str) -> str:
        """One Markdown table row."""
        said = self.parameters - self.unannotated_parameters - self.said_any_parameters
        said_returns = self.returns - self.unannotated_returns - self.said_any_returns
        return (
            f"| {library} | {self.methods} | {self.uncallable} | {self.failed} | "
            f"{_percent(self.typed_parameters, self.parameters)} | "
            f"{_percent(self.typed_parameters, said)} | "
            f"{self.said_any_parameters} | {self.left_out_parameters} | "
            f"{_percent(self.typed_returns, self.returns)} | "
            f"{_percent(self.typed_returns, said_returns)} |"
        )


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} % ({part}/{whole})" if whole else "-"


def is_typed(schema: object) -> bool:
    """Whether a JSON Schema says a type (not just a description or a default)."""
    return isinstance(schema, dict) and bool(_TYPE_KEYS & schema.keys())


def measure(targets: Sequence[str]) -> Share:
    """Scan each target on its own and count typed parameters and returns."""
    share = Share()
    for target in targets:
        count(target, share)
    return share


def count(target: str, share: Share) -> None:
    """Add one target's counts: tools a model cannot call (a required parameter without a
    JSON form) are counted apart, as the classification defaults leave them out; a parameter
    or return whose schema is "any value" with no warning about it is one the code itself
    says is any value (``Any``, ``object``, a bare ``TypeVar``)."""
    from inspector.diagnostics import Level
    from inspector.scan.scanner import scan

    catalog, diagnostics = scan([target])
    share.failed += sum(1 for d in diagnostics if d.level is Level.ERROR and d.subject)
    share.unannotated_parameters += sum(1 for d in diagnostics if d.message.endswith(_NO_HINT))
    warned = {
        (d.subject, d.message.partition(":")[0]) for d in diagnostics if d.level is Level.WARNING
    }
    for _, tool in catalog.tools():
        if getattr(tool, "uncallable", ()):  # older checkouts (--inspector) have no such field
            share.uncallable += 1
            continue
        subject = f"{tool.class_name}.{tool.method_name}"
        share.methods += 1
        left_out = getattr(tool, "left_out", ())
        share.left_out_parameters += sum(1 for p in left_out if p.reason == "no-json-form")
        properties = tool.parameters_schema().get("properties")
        assert isinstance(properties, dict)
        share.parameters += len(properties)
        for name, schema in properties.items():
            if is_typed(schema):
                share.typed_parameters += 1
            elif (subject, f"parameter {name!r}") not in warned:
                share.said_any_parameters += 1
        share.returns += 1
        if tool.returns.type is None:
            share.unannotated_returns += 1
        elif is_typed(tool.returns.type.to_schema()):
            share.typed_returns += 1
        elif (subject, "return value") not in warned:
            share.said_any_returns += 1


HEADER = (
    "| library | tools | uncallable | failed | typed parameters | ... of those with a type said "
    '| said "any value" | left out (no JSON form) | typed returns '
    "| ... of those with a type said |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--libraries", default=",".join(LIBRARIES))
    parser.add_argument("--inspector", type=Path, default=ROOT, help="toolsinspector checkout")
    options = parser.parse_args(argv)
    sys.path.insert(0, str(options.inspector.resolve()))
    print(HEADER)
    for library in options.libraries.split(","):
        targets = LIBRARIES[library]
        top = targets[0].partition(":")[0].partition(".")[0]
        if importlib.util.find_spec(top) is None:
            print(f"| {library} | not installed | | | | | | | | |")
            continue
        print(measure(targets).row(library), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
