"""The diagnostic codes: one table of every message the tool can print, by area.

A code never changes meaning once released; a message that goes away leaves its code unused."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from inspector.diagnostics import Level, UsageError, docs_url

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


# One name per code, its short name in capitals (``target-failed`` → ``TARGET_FAILED``):
# code compares and reports codes by these names, never by a bare "TI..." string.
TARGET_FAILED: Final = "TI100"
NO_PUBLIC_CLASS: Final = "TI101"
NO_PUBLIC_METHODS: Final = "TI102"
METHOD_FAILED: Final = "TI103"
NO_SIGNATURE: Final = "TI104"
HINT_UNRESOLVED: Final = "TI105"
NO_TYPE_HINT: Final = "TI106"
DOCSTRING_TYPE_UNKNOWN: Final = "TI107"
NO_SCHEMA_FORM: Final = "TI108"
VARIADIC_LEFT_OUT: Final = "TI109"
DEFAULT_NOT_JSON: Final = "TI110"
DUPLICATE_CLASS_NAME: Final = "TI111"
TOOL_RENAMED: Final = "TI112"
MAPPING_KEYS_AS_STRINGS: Final = "TI113"
LITERAL_NOT_JSON: Final = "TI114"
ENUM_VALUE_NOT_JSON: Final = "TI115"
FIELDS_UNREADABLE: Final = "TI116"
INTERNAL_PARAMETER: Final = "TI117"
DEFAULT_UNREADABLE: Final = "TI118"
JSON_SCHEMA_UNREADABLE: Final = "TI119"
STUB_HINT_UNRESOLVED: Final = "TI120"
STUB_UNREADABLE: Final = "TI121"
UNION_MEMBER_UNRESOLVED: Final = "TI122"
UNION_MEMBER_NO_JSON: Final = "TI123"
HINT_PART_UNRESOLVED: Final = "TI127"
NO_JSON_FORM_LEFT_OUT: Final = "TI130"
UNCALLABLE: Final = "TI131"
RESULT_AS_TEXT: Final = "TI132"
DEFAULT_NOT_OF_TYPE: Final = "TI133"
INPUTS_LEFT_OUT: Final = "TI140"
NAMED_NO_TOOL: Final = "TI150"
NO_DOCSTRING: Final = "TI201"
DOCSTRING_UNPARSABLE: Final = "TI202"
DOCUMENTED_NOT_IN_SIGNATURE: Final = "TI203"
PARAMETER_UNDOCUMENTED: Final = "TI204"
STALE_ENTRY: Final = "TI301"
ENTRY_PRUNED: Final = "TI302"
NO_CLASSIFICATION_FILE: Final = "TI303"
NOT_CLASSIFIED: Final = "TI304"
NO_TOOLS: Final = "TI305"
ENTRY_RENAMED: Final = "TI306"
UNKNOWN_CLASS_KEY: Final = "TI307"
FAILED_TARGET_KEPT: Final = "TI308"
PRUNE_SKIPPED: Final = "TI309"
UNCALLABLE_RECORDED_FALSE: Final = "TI310"
UNCALLABLE_EXCLUDED: Final = "TI311"
UNCLASSIFIED_CLASS_EXCLUDED: Final = "TI312"
UNCALLABLE_INCLUDED: Final = "TI313"
BASE_CLASS_ENTRIES: Final = "TI314"
CURATION_INVALID: Final = "TI330"
TOOL_NAME_TAKEN: Final = "TI331"
CURATION_UNUSED: Final = "TI332"
DESTRUCTIVE_RECORDED_FALSE: Final = "TI333"
NO_INPUTS_RECORDED_FALSE: Final = "TI334"
NO_INPUTS_EXCLUDED: Final = "TI335"
NEVER_RETURNS_RECORDED_FALSE: Final = "TI336"
NEVER_RETURNS_EXCLUDED: Final = "TI337"
EVENT_HANDLER_RECORDED_FALSE: Final = "TI338"
EVENT_HANDLER_EXCLUDED: Final = "TI339"
DEPRECATED_RECORDED_FALSE: Final = "TI340"
DEPRECATED_EXCLUDED: Final = "TI341"
RENDER_FAILED: Final = "TI401"
MOVED_INTO_DESCRIPTION: Final = "TI402"
DIALECT_LOSS: Final = "TI403"
NOT_STRICT: Final = "TI404"
NAME_AS_DESCRIPTION: Final = "TI405"
ANNOTATIONS_UNKNOWN_TOOL: Final = "TI406"
TOOL_LEFT_OUT: Final = "TI407"
NAME_SHORTENED: Final = "TI410"
DEFERRED_LEFT_OUT: Final = "TI430"
DEFER_MATCHES_NOTHING: Final = "TI431"
TOO_MANY_TOOLS: Final = "TI501"
DESCRIPTION_TOO_LONG: Final = "TI502"
TOO_MANY_STRICT_TOOLS: Final = "TI503"
STRICT_TOTALS: Final = "TI504"
STRICT_DROPPED: Final = "TI505"
EMPTY_TOOL_LIST: Final = "TI506"
TOOL_OVER_BUDGET: Final = "TI510"
FILE_OVER_BUDGET: Final = "TI511"
STUB_INEXACT: Final = "TI601"
NO_STUBS: Final = "TI602"
PATTERN_MATCHES_NOTHING: Final = "TI801"
NOT_BINDABLE: Final = "TI802"


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
        Code(TARGET_FAILED, _E, "target-failed", "A target cannot be found or imported."),
        Code(
            NO_PUBLIC_CLASS,
            _W,
            "no-public-class",
            "A file or module target defines no public class.",
        ),
        Code(
            NO_PUBLIC_METHODS,
            _W,
            "no-public-methods",
            "A target class has no public method, or none that is a tool (the message names "
            "each one and the rule that left it out: it makes a decorator, is a hook...); or a "
            "file or module target gives no tool at all.",
        ),
        Code(
            METHOD_FAILED,
            _W,
            "method-failed",
            "A method cannot be inspected; it is not offered (a tool without parameters that "
            "starts `false`).",
        ),
        Code(
            NO_SIGNATURE,
            _W,
            "no-signature",
            "A method's signature cannot be read; it is not offered (a tool without parameters "
            "that starts `false`).",
        ),
        Code(
            HINT_UNRESOLVED,
            _W,
            "hint-unresolved",
            "A type hint cannot be evaluated; any value accepted.",
        ),
        Code(NO_TYPE_HINT, _W, "no-type-hint", "A parameter has no type hint; any value accepted."),
        Code(
            DOCSTRING_TYPE_UNKNOWN,
            _W,
            "docstring-type-unknown",
            "A type written in the docstring is not understood; any value accepted.",
        ),
        Code(
            NO_SCHEMA_FORM,
            _W,
            "no-schema-form",
            "A type has no JSON Schema form (an arbitrary class, a protocol no JSON type "
            "satisfies); any value accepted.",
        ),
        Code(
            VARIADIC_LEFT_OUT,
            _I,
            "variadic-left-out",
            "`*args` / `**kwargs` without a type (in the code, a stub or the docstring), or "
            "typed `Any`/`object`, are left out: nothing says what they take.",
        ),
        Code(
            DEFAULT_NOT_JSON,
            _I,
            "default-not-json",
            "A default has no JSON form; it is left out of the schema.",
        ),
        Code(
            DUPLICATE_CLASS_NAME,
            _W,
            "duplicate-class-name",
            "Two scanned classes share a name; the second is keyed by module. Or a class has"
            " the key a module's functions would have (a file Ledger.py defining a class Ledger"
            " and functions); the functions are keyed 'Ledger:functions'.",
        ),
        Code(
            TOOL_RENAMED,
            _W,
            "tool-renamed",
            "Two classes share a method name; both become Class_method (one warning per class, "
            "naming its renamed tools).",
        ),
        Code(
            MAPPING_KEYS_AS_STRINGS,
            _W,
            "mapping-keys-as-strings",
            "A mapping's keys are not strings; JSON object keys arrive as strings.",
        ),
        Code(
            LITERAL_NOT_JSON,
            _W,
            "literal-not-json",
            "A Literal value has no JSON form; it is left out.",
        ),
        Code(
            ENUM_VALUE_NOT_JSON,
            _W,
            "enum-value-not-json",
            "An Enum member's value has no JSON form; its name is used.",
        ),
        Code(
            FIELDS_UNREADABLE,
            _W,
            "fields-unreadable",
            "The fields of a class cannot be read; any value accepted.",
        ),
        Code(
            INTERNAL_PARAMETER,
            _I,
            "internal-parameter",
            "A parameter named with a leading '_' that has a default is internal: left out "
            "(not a Python keyword escaped so, such as `_continue`).",
        ),
        Code(
            DEFAULT_UNREADABLE,
            _W,
            "default-unreadable",
            "Reading a default as JSON raised in the default's own code; it is left out.",
        ),
        Code(
            JSON_SCHEMA_UNREADABLE,
            _W,
            "json-schema-unreadable",
            "A pydantic WithJsonSchema schema cannot be read; the hint's own type is kept.",
        ),
        Code(
            STUB_HINT_UNRESOLVED,
            _W,
            "stub-hint-unresolved",
            "A type from a stub file cannot be resolved; the parameter keeps no type from it.",
        ),
        Code(STUB_UNREADABLE, _W, "stub-unreadable", "A stub file cannot be read; it is not used."),
        Code(
            UNION_MEMBER_UNRESOLVED,
            _W,
            "union-member-unresolved",
            "A member of a union hint (or a word of a docstring type) cannot be resolved; the "
            "others are kept.",
        ),
        Code(
            UNION_MEMBER_NO_JSON,
            _I,
            "union-member-no-json",
            "A member of a union has no JSON Schema form; the others say what is accepted.",
        ),
        Code(
            HINT_PART_UNRESOLVED,
            _W,
            "hint-part-unresolved",
            "A name inside a hint (not a union member), or a class field's hint, cannot be "
            "resolved; any value is accepted in its place, the rest is kept.",
        ),
        Code(
            NO_JSON_FORM_LEFT_OUT,
            _I,
            "no-json-form-left-out",
            "An optional parameter's type has no JSON form (a live object: a connection, a "
            "callable, a class without fields): it is left out of the tool and the method's "
            "default applies; tools.json records it under `left_out`.",
        ),
        Code(
            UNCALLABLE,
            _W,
            "uncallable",
            "A required parameter's type has no JSON form: a model cannot call the method. A new "
            "classification entry excludes it; set to true, the parameter accepts any value.",
        ),
        Code(
            RESULT_AS_TEXT,
            _I,
            "result-as-text",
            "A return type (or a part of it) has no JSON form: the model gets the form read "
            "from the value (`tolist()` of an array, a record's fields, a mapping's items), "
            "else its own text (never a memory address), so the schema says any value there.",
        ),
        Code(
            DEFAULT_NOT_OF_TYPE,
            _W,
            "default-not-of-type",
            "A default is not a value of its parameter's type (`language: str = False`, or a "
            "type read from the docstring); it is left out of the schema, so a model that "
            "sends it back is not refused. A 0 or 1 beside a boolean is written false or true.",
        ),
        Code(
            INPUTS_LEFT_OUT,
            _W,
            "inputs-left-out",
            "A method takes its inputs only through `*args`/`**kwargs` that nothing describes "
            "(TI109): its tool would take no argument, so a new classification entry excludes "
            "it; document the keys in the docstring's Args, or set it true to offer it "
            "without arguments.",
        ),
        Code(
            NAMED_NO_TOOL,
            _W,
            "named-no-tool",
            "A target names one function (`file.py:func`, `package.module:func`) that a rule "
            "says is no tool: it makes a decorator or a context manager, gives back a function "
            "it makes, is a hook its framework calls, a setting, or private (its name, or "
            "`:meta private:`). The scan gives nothing for it, and the message says which rule "
            "left it out; in a class or module target such a member is left out without a "
            "word.",
        ),
        Code(
            NO_DOCSTRING,
            _W,
            "no-docstring",
            "A method has no docstring: the tool has no description.",
        ),
        Code(
            DOCSTRING_UNPARSABLE,
            _W,
            "docstring-unparsable",
            "A docstring cannot be parsed: its text before the sections is the description.",
        ),
        Code(
            DOCUMENTED_NOT_IN_SIGNATURE,
            _W,
            "documented-not-in-signature",
            "The docstring documents an argument the signature does not have.",
        ),
        Code(
            PARAMETER_UNDOCUMENTED,
            _W,
            "parameter-undocumented",
            "Parameters without a description: one diagnostic per method, naming them all.",
        ),
        Code(
            STALE_ENTRY,
            _W,
            "stale-entry",
            "A classification entry names a method that no longer exists; it is kept.",
        ),
        Code(
            ENTRY_PRUNED,
            _I,
            "entry-pruned",
            "A classification entry of a vanished method is removed.",
        ),
        Code(
            NO_CLASSIFICATION_FILE,
            _I,
            "no-classification-file",
            "There is no classification file: every method a model can call is included.",
        ),
        Code(
            NOT_CLASSIFIED,
            _W,
            "not-classified",
            "A method is missing from the classification file; `new` decides.",
        ),
        Code(NO_TOOLS, _W, "no-tools", "No tool is included: the rendered tool list is empty."),
        Code(
            ENTRY_RENAMED,
            _W,
            "entry-renamed",
            "A vanished method and a new one with the same parameters and docstring are taken as "
            "a rename: the new name keeps the user's value.",
        ),
        Code(
            UNKNOWN_CLASS_KEY,
            _W,
            "unknown-class-key",
            "A class key in the classification file matches no scanned class.",
        ),
        Code(
            FAILED_TARGET_KEPT,
            _I,
            "failed-target-kept",
            "A target failed: every class of the tools file this scan did not produce (a failed "
            "target's, a mistyped target's) is kept as the tools file had it.",
        ),
        Code(
            PRUNE_SKIPPED,
            _W,
            "prune-skipped",
            "A target failed, so --prune removes nothing (its entries would be lost).",
        ),
        Code(
            UNCALLABLE_RECORDED_FALSE,
            _I,
            "uncallable-recorded-false",
            "A new method that a model cannot call (TI131), or whose signature cannot be read "
            "(TI104), is recorded as false, whatever `new` says; set it to true to offer it with "
            "any value for that parameter.",
        ),
        Code(
            UNCALLABLE_EXCLUDED,
            _I,
            "uncallable-excluded",
            "A method that a model cannot call (TI131) and that no classification entry "
            "includes is not offered.",
        ),
        Code(
            UNCLASSIFIED_CLASS_EXCLUDED,
            _W,
            "unclassified-class-excluded",
            "A class the classification file does not name, while the file has a key that names "
            "no scanned class, holds a `false` and looks like its misspelling (`Calcc` for "
            "`Calc`): its methods "
            "are excluded by render and the Toolbox, and recorded false by a scan or build, "
            "whatever `new` says (a typo must not turn every `false` of a class on).",
        ),
        Code(
            UNCALLABLE_INCLUDED,
            _W,
            "uncallable-included",
            "A method that a model cannot call (TI131) is offered because the classification "
            "file says true: any value is accepted for the parameter with no JSON form.",
        ),
        Code(
            BASE_CLASS_ENTRIES,
            _I,
            "base-class-entries",
            "`Toolbox`: a class the classification does not name takes the entries of the "
            "nearest base class it names (a subclass, such as a fake or proxy class, keeps the "
            "base's `false`).",
        ),
        Code(
            CURATION_INVALID,
            _E,
            "curation-invalid",
            "A classification entry cannot be applied to its method: it hides a required "
            "parameter, or fixes a value the parameter's schema does not allow (its own "
            "`fixed`, or the class's `@fixed`). The tool is left out (never offered "
            "unshaped).",
        ),
        Code(
            TOOL_NAME_TAKEN,
            _E,
            "tool-name-taken",
            "A tool name made by `name` or `@prefix` is another included tool's name; the "
            "renamed tool is left out.",
        ),
        Code(
            CURATION_UNUSED,
            _W,
            "curation-unused",
            "A classification entry's `fixed`, `hidden` or `params` key names no parameter of "
            "its method, or a pattern applies to no method (it matches none, or each it matches "
            "has an entry of its own or an earlier pattern's, deciding otherwise for one, and it "
            "does not match every method), or a class's `@hidden` or `@fixed` names a "
            "parameter that no method of the class has, that the host injects, or (`@hidden`) "
            "that every method taking it requires: it has no effect. The closest "
            "parameter, or the method whose name starts most like the pattern, is named when "
            "one is close.",
        ),
        Code(
            DESTRUCTIVE_RECORDED_FALSE,
            _I,
            "destructive-recorded-false",
            "New methods whose names say they destroy data, stop something or run what they "
            "are given (`delete_pod`, `dropTable`, `execvp`, `find_one_and_delete`, `sendcmd`, "
            "`unsafe_load`: the word lists are in the scan guide) are recorded as false, in "
            "one line that names each one's word; `--new include-all` "
            '(config `new = "include-all"`) includes them.',
        ),
        Code(
            NO_INPUTS_RECORDED_FALSE,
            _I,
            "no-inputs-recorded-false",
            "New methods whose inputs were all left out (TI140) are recorded as false, whatever "
            "`new` says, in one line; set one to true to offer it without arguments.",
        ),
        Code(
            NO_INPUTS_EXCLUDED,
            _I,
            "no-inputs-excluded",
            "A method whose inputs were all left out (TI140) and that no classification entry "
            "includes is not offered.",
        ),
        Code(
            NEVER_RETURNS_RECORDED_FALSE,
            _I,
            "never-returns-recorded-false",
            "New methods that never return (`-> NoReturn`, `-> Never`: argparse's "
            "`ArgumentParser.exit` and `error`) are recorded as false, whatever `new` says, in "
            "one line: they only raise or end the process, so no call gives the model an "
            "answer.",
        ),
        Code(
            NEVER_RETURNS_EXCLUDED,
            _I,
            "never-returns-excluded",
            "A method that never returns (`-> NoReturn`) and that no classification entry "
            "includes is not offered.",
        ),
        Code(
            EVENT_HANDLER_RECORDED_FALSE,
            _I,
            "event-handler-recorded-false",
            "New methods named as event handlers (`on_` and a word: watchdog's "
            "`on_thread_start`, rich's `Console.on_broken_pipe`) are recorded as false, "
            "whatever `new` says, in one line: their library calls them when the event happens, "
            "and a model that called one made the event's work happen without the event.",
        ),
        Code(
            EVENT_HANDLER_EXCLUDED,
            _I,
            "event-handler-excluded",
            "A method named as an event handler (`on_...`) that no classification entry "
            "includes is not offered.",
        ),
        Code(
            DEPRECATED_RECORDED_FALSE,
            _I,
            "deprecated-recorded-false",
            "New methods that their code marks deprecated (PEP 702's `@deprecated`, the "
            "`deprecated` package's, a stub's, a docstring's `.. deprecated::` directive, "
            "`:deprecated:` field or `Deprecated:` section) are recorded as false, whatever "
            "`new` says, in one line that gives each one's version and message: a model "
            "offered one writes calls to an API its authors want gone.",
        ),
        Code(
            DEPRECATED_EXCLUDED,
            _I,
            "deprecated-excluded",
            "A deprecated method that no classification entry includes is not offered.",
        ),
        Code(RENDER_FAILED, _E, "render-failed", "A provider's file cannot be rendered."),
        Code(
            MOVED_INTO_DESCRIPTION,
            _I,
            "moved-into-description",
            "Schema keywords the provider does not accept are moved into descriptions (whole; "
            "the message names each place with a short form of what moved).",
        ),
        Code(
            DIALECT_LOSS,
            _W,
            "dialect-loss",
            "The provider's schema dialect cannot express part of a schema.",
        ),
        Code(
            NOT_STRICT,
            _W,
            "not-strict",
            'A tool cannot be strict for the provider; it is rendered without "strict".',
        ),
        Code(
            NAME_AS_DESCRIPTION,
            _W,
            "name-as-description",
            "A tool without description gets its name, for providers that need text.",
        ),
        Code(
            ANNOTATIONS_UNKNOWN_TOOL,
            _W,
            "annotations-unknown-tool",
            "MCP annotations are given for a tool that is not included.",
        ),
        Code(
            TOOL_LEFT_OUT,
            _W,
            "tool-left-out",
            "A tool's types nest too deeply to be written in the provider's schema (past "
            "Python's recursion limit), or, written out inline as Gemini's `parameters` need, "
            "make too many schemas; the tool is left out of that provider's file, the others "
            "are written.",
        ),
        Code(
            NAME_SHORTENED,
            _W,
            "name-shortened",
            "A tool name is longer than the provider allows or has characters it refuses: that "
            "provider's file writes it shortened (its first part and a short hash, the same in "
            "every run, unique in the file), and the Toolbox and `serve` take that name for the "
            'tool; give the method a `"name"` in the classification file to choose it.',
        ),
        Code(
            DEFERRED_LEFT_OUT,
            _W,
            "deferred-left-out",
            "Tools marked to load on demand are left out of the file of a provider without "
            "native tool search (offer them with the Toolbox's or serve's tool search).",
        ),
        Code(
            DEFER_MATCHES_NOTHING,
            _W,
            "defer-matches-nothing",
            "A defer pattern (`--defer`, `defer = [...]`) matches no included tool.",
        ),
        Code(
            TOO_MANY_TOOLS,
            _W,
            "too-many-tools",
            "More tools than the provider accepts in one request.",
        ),
        Code(
            DESCRIPTION_TOO_LONG,
            _W,
            "description-too-long",
            "A description longer than some of the provider's models accept.",
        ),
        Code(
            TOO_MANY_STRICT_TOOLS,
            _W,
            "too-many-strict-tools",
            "More strict tools than the provider accepts in one request.",
        ),
        Code(
            STRICT_TOTALS,
            _W,
            "strict-totals",
            "Strict schemas together exceed a per-request total of the provider.",
        ),
        Code(
            STRICT_DROPPED,
            _W,
            "strict-dropped",
            "Tools past a per-request strict limit are rendered without strict, so the file is "
            "accepted.",
        ),
        Code(
            EMPTY_TOOL_LIST,
            _W,
            "empty-tool-list",
            "The file lists no tool, and the provider's API refuses an empty tool list "
            "(OpenAI Chat, Bedrock, Gemini): send the request without tools.",
        ),
        Code(
            TOOL_OVER_BUDGET,
            _W,
            "tool-over-budget",
            "A tool's definition is estimated at more tokens than `max_tool_tokens` (default "
            "2,000); the message names its largest parameters and the classification keys "
            "(`hidden`, `fixed`) that would cut them.",
        ),
        Code(
            FILE_OVER_BUDGET,
            _W,
            "file-over-budget",
            "A provider file is estimated at more tokens than `max_file_tokens` (default "
            "20,000), which every request that sends it pays; the message names its largest "
            "tools.",
        ),
        Code(
            STUB_INEXACT,
            _W,
            "stub-inexact",
            "Part of a schema or description cannot be carried by the stubs exactly.",
        ),
        Code(
            NO_STUBS,
            _W,
            "no-stubs",
            "No tool to write a stub of (none in the file, or none included): the stubs module "
            "is written without classes.",
        ),
        Code(
            PATTERN_MATCHES_NOTHING,
            _W,
            "pattern-matches-nothing",
            "A Toolbox `include` or `exclude` pattern matches no tool.",
        ),
        Code(
            NOT_BINDABLE,
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
        return f"; see {docs_url('reference/diagnostics.md')}"
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
