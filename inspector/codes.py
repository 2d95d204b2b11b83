"""The diagnostic codes: one table of every message the tool can print, by area.

A code never changes meaning once released; a message that goes away leaves its code unused."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from inspector.diagnostics import Level, UsageError

AREAS = {
    "TI1": "Scan: targets, methods and type hints",
    "TI2": "Docstrings",
    "TI3": "Classification file and selection",
    "TI4": "Render: templates and provider dialects",
    "TI5": "Provider limits",
    "TI6": "Stubs",
    "TI8": "Run time: the Toolbox",
}
"""The first three characters of a code name its area."""


class Code(NamedTuple):
    """One kind of diagnostic: its code, level, short name and what it means."""

    code: str
    level: Level
    name: str
    explanation: str


_E, _W, _I = Level.ERROR, Level.WARNING, Level.INFO

CODES: dict[str, Code] = {
    entry.code: entry
    for entry in (
        Code("TI100", _E, "target-failed", "A target cannot be found or imported."),
        Code("TI101", _W, "no-public-class", "A file or module target defines no public class."),
        Code("TI102", _W, "no-public-methods", "A target class has no public method."),
        Code("TI103", _E, "method-failed", "A method cannot be inspected; it is left out."),
        Code("TI104", _E, "no-signature", "A method's signature cannot be read; it is left out."),
        Code(
            "TI105", _W, "hint-unresolved", "A type hint cannot be evaluated; any value accepted."
        ),
        Code("TI106", _W, "no-type-hint", "A parameter has no type hint; any value accepted."),
        Code(
            "TI107",
            _W,
            "docstring-type-unknown",
            "A type written in the docstring is not understood; any value accepted.",
        ),
        Code(
            "TI108",
            _W,
            "no-schema-form",
            "A type has no JSON Schema form (an arbitrary class, a protocol no JSON type "
            "satisfies); any value accepted.",
        ),
        Code(
            "TI109",
            _I,
            "variadic-left-out",
            "`*args` / `**kwargs` without a type (in the code, a stub or the docstring), or "
            "typed `Any`/`object`, are left out: nothing says what they take.",
        ),
        Code(
            "TI110",
            _I,
            "default-not-json",
            "A default has no JSON form; it is left out of the schema.",
        ),
        Code(
            "TI111",
            _W,
            "duplicate-class-name",
            "Two scanned classes share a name; the second is keyed by module.",
        ),
        Code(
            "TI112",
            _W,
            "tool-renamed",
            "Two classes share a method name; both become Class_method (one warning per class, "
            "naming its renamed tools).",
        ),
        Code(
            "TI113",
            _W,
            "mapping-keys-as-strings",
            "A mapping's keys are not strings; JSON object keys arrive as strings.",
        ),
        Code("TI114", _W, "literal-not-json", "A Literal value has no JSON form; it is left out."),
        Code(
            "TI115",
            _W,
            "enum-value-not-json",
            "An Enum member's value has no JSON form; its name is used.",
        ),
        Code(
            "TI116",
            _W,
            "fields-unreadable",
            "The fields of a class cannot be read; any value accepted.",
        ),
        Code(
            "TI117",
            _I,
            "internal-parameter",
            "A parameter named with a leading '_' that has a default is internal: left out.",
        ),
        Code(
            "TI118",
            _W,
            "default-unreadable",
            "Reading a default as JSON raised in the default's own code; it is left out.",
        ),
        Code(
            "TI119",
            _W,
            "json-schema-unreadable",
            "A pydantic WithJsonSchema schema cannot be read; the hint's own type is kept.",
        ),
        Code(
            "TI120",
            _W,
            "stub-hint-unresolved",
            "A type from a stub file cannot be resolved; the parameter keeps no type from it.",
        ),
        Code("TI121", _W, "stub-unreadable", "A stub file cannot be read; it is not used."),
        Code(
            "TI122",
            _W,
            "union-member-unresolved",
            "A member of a union hint (or a word of a docstring type) cannot be resolved; the "
            "others are kept.",
        ),
        Code(
            "TI123",
            _I,
            "union-member-no-json",
            "A member of a union has no JSON Schema form; the others say what is accepted.",
        ),
        Code(
            "TI127",
            _W,
            "hint-part-unresolved",
            "A name inside a hint (not a union member), or a class field's hint, cannot be "
            "resolved; any value is accepted in its place, the rest is kept.",
        ),
        Code(
            "TI130",
            _I,
            "no-json-form-left-out",
            "An optional parameter's type has no JSON form (a live object: a connection, a "
            "callable, a class without fields): it is left out of the tool and the method's "
            "default applies; tools.json records it under `left_out`.",
        ),
        Code(
            "TI131",
            _W,
            "uncallable",
            "A required parameter's type has no JSON form: a model cannot call the method. A new "
            "classification entry excludes it; set to true, the parameter accepts any value.",
        ),
        Code(
            "TI132",
            _I,
            "result-as-text",
            "A return type (or a part of it) has no JSON form: the model gets the value's text "
            "(its repr), so the schema says string there.",
        ),
        Code(
            "TI201", _W, "no-docstring", "A method has no docstring: the tool has no description."
        ),
        Code(
            "TI202",
            _W,
            "docstring-unparsable",
            "A docstring cannot be parsed: its text before the sections is the description.",
        ),
        Code(
            "TI203",
            _W,
            "documented-not-in-signature",
            "The docstring documents an argument the signature does not have.",
        ),
        Code(
            "TI204",
            _W,
            "parameter-undocumented",
            "Parameters without a description: one diagnostic per method, naming them all.",
        ),
        Code(
            "TI301",
            _W,
            "stale-entry",
            "A classification entry names a method that no longer exists; it is kept.",
        ),
        Code(
            "TI302", _I, "entry-pruned", "A classification entry of a vanished method is removed."
        ),
        Code(
            "TI303",
            _I,
            "no-classification-file",
            "There is no classification file: every method a model can call is included.",
        ),
        Code(
            "TI304",
            _W,
            "not-classified",
            "A method is missing from the classification file; `new` decides.",
        ),
        Code("TI305", _W, "no-tools", "No tool is included: the rendered tool list is empty."),
        Code(
            "TI306",
            _W,
            "entry-renamed",
            "A vanished method and a new one with the same parameters and docstring are taken as "
            "a rename: the new name keeps the user's value.",
        ),
        Code(
            "TI307",
            _W,
            "unknown-class-key",
            "A class key in the classification file matches no scanned class.",
        ),
        Code(
            "TI308",
            _I,
            "failed-target-kept",
            "A target failed: its classes are kept as the tools file had them.",
        ),
        Code(
            "TI309",
            _W,
            "prune-skipped",
            "A target failed, so --prune removes nothing (its entries would be lost).",
        ),
        Code(
            "TI310",
            _I,
            "uncallable-recorded-false",
            "A new method that a model cannot call (TI131) is recorded as false, whatever `new` "
            "says; set it to true to offer it with any value for that parameter.",
        ),
        Code(
            "TI311",
            _I,
            "uncallable-excluded",
            "A method that a model cannot call (TI131) and that no classification entry "
            "includes is not offered.",
        ),
        Code(
            "TI312",
            _W,
            "unclassified-class-excluded",
            "A class the classification file does not name, while the file has a key that names "
            "no scanned class, holds a `false` and looks like its misspelling (`Calcc` for "
            "`Calc`): its methods "
            "are excluded by render and the Toolbox, and recorded false by a scan or build, "
            "whatever `new` says (a typo must not turn every `false` of a class on).",
        ),
        Code(
            "TI313",
            _W,
            "uncallable-included",
            "A method that a model cannot call (TI131) is offered because the classification "
            "file says true: any value is accepted for the parameter with no JSON form.",
        ),
        Code(
            "TI314",
            _I,
            "base-class-entries",
            "`Toolbox`: a class the classification does not name takes the entries of the "
            "nearest base class it names (a subclass, such as a fake or proxy class, keeps the "
            "base's `false`).",
        ),
        Code("TI401", _E, "render-failed", "A provider's file cannot be rendered."),
        Code(
            "TI402",
            _I,
            "moved-into-description",
            "Schema keywords the provider does not accept are moved into descriptions.",
        ),
        Code(
            "TI403",
            _W,
            "dialect-loss",
            "The provider's schema dialect cannot express part of a schema.",
        ),
        Code(
            "TI404",
            _W,
            "not-strict",
            'A tool cannot be strict for the provider; it is rendered without "strict".',
        ),
        Code(
            "TI405",
            _W,
            "name-as-description",
            "A tool without description gets its name, for providers that need text.",
        ),
        Code(
            "TI406",
            _W,
            "annotations-unknown-tool",
            "MCP annotations are given for a tool that is not included.",
        ),
        Code("TI501", _W, "too-many-tools", "More tools than the provider accepts in one request."),
        Code(
            "TI502",
            _W,
            "description-too-long",
            "A description longer than some of the provider's models accept.",
        ),
        Code(
            "TI503",
            _W,
            "too-many-strict-tools",
            "More strict tools than the provider accepts in one request.",
        ),
        Code(
            "TI504",
            _W,
            "strict-totals",
            "Strict schemas together exceed a per-request total of the provider.",
        ),
        Code(
            "TI505",
            _W,
            "strict-dropped",
            "Tools past a per-request strict limit are rendered without strict, so the file is "
            "accepted.",
        ),
        Code(
            "TI601",
            _W,
            "stub-inexact",
            "Part of a schema or description cannot be carried by the stubs exactly.",
        ),
        Code(
            "TI801",
            _W,
            "pattern-matches-nothing",
            "A Toolbox `include` or `exclude` pattern matches no tool.",
        ),
        Code(
            "TI802",
            _W,
            "not-bindable",
            "A Toolbox tool cannot be taken from its object (an attribute that raises, a method "
            "of another type assigned to the class): it is left out.",
        ),
    )
}
"""Every code, in order."""


def level_of(code: str) -> Level:
    """The level of a code of the table."""
    return CODES[code].level


def ignored_codes(values: Iterable[str], where: str) -> frozenset[str]:
    """The codes silenced by ``values`` (codes or prefixes such as ``TI2``, case-insensitive).
    Errors are never silenced; an unknown value or an error code is a usage error."""
    ignored: set[str] = set()
    for value in values:
        wanted = value.strip().upper()
        if not wanted:
            continue
        matched = [code for code in CODES if code.startswith(wanted)]
        if not matched:
            raise UsageError(f"{where}: unknown code {value!r}{_did_you_mean(value)}")
        if wanted in CODES and CODES[wanted].level is Level.ERROR:
            raise UsageError(f"{where}: {wanted} is an error; errors cannot be ignored")
        ignored.update(code for code in matched if CODES[code].level is not Level.ERROR)
    return frozenset(ignored)


def _did_you_mean(value: str) -> str:
    import difflib

    by_name = {entry.name: entry.code for entry in CODES.values()}
    if value.strip().lower() in by_name:
        return f" (did you mean {by_name[value.strip().lower()]}?)"
    close = difflib.get_close_matches(value.strip().upper(), CODES, n=1)
    close = close or difflib.get_close_matches(value.strip().lower(), by_name, n=1)
    if not close:
        return "; see docs/reference/diagnostics.md"
    code = close[0] if close[0] in CODES else by_name[close[0]]
    return f" (did you mean {code}, {CODES[code].name}?)"


def markdown_table() -> str:
    """The table of every code, by area, as Markdown (the docs page shows it)."""
    lines = []
    for prefix, area in AREAS.items():
        lines += [f"### {prefix}xx: {area}", "", "| Code | Level | Name | Meaning |"]
        lines.append("|---|---|---|---|")
        for entry in CODES.values():
            if entry.code.startswith(prefix):
                lines.append(
                    f"| `{entry.code}` | {entry.level.value} | `{entry.name}` | "
                    f"{entry.explanation} |"
                )
        lines.append("")
    return "\n".join(lines)
