"""What a docstring documents, read against the signature: arguments written name-first, and
the warnings for an argument documented that the signature lacks (TI203) or a parameter left
undocumented (TI204)."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import replace

from inspector import codes
from inspector.diagnostics import LISTED, listed
from inspector.model import (
    AnyOfType,
    ArrayType,
    BooleanType,
    Field,
    IntegerType,
    NullType,
    NumberType,
    ObjectType,
    SchemaType,
    StringType,
)
from inspector.scan.docstrings import DocInfo

STARS: dict[inspect._ParameterKind, str] = {
    inspect.Parameter.VAR_POSITIONAL: "*",
    inspect.Parameter.VAR_KEYWORD: "**",
}
"""The ``DocInfo.params`` key of a ``*args`` or ``**kwargs`` field documented without its name
(``:kwargs:``), by the parameter's kind."""


def label(name: str) -> str:
    """How a message names a parameter, or the return value."""
    return "return value" if name == "return" else f"parameter {name!r}"


def names_in_signature_order(doc: DocInfo, names: set[str], receiver: str | None = None) -> DocInfo:
    """The docstring's arguments with a name and type written the wrong way round read as the
    signature says: gspread's ``:param notes dict:`` documents ``notes`` as a ``dict``, where
    the field's own order names an argument ``dict`` of type ``notes`` (TI203, and ``notes``
    undocumented). Only a type that is a parameter no other entry documents or names so, for
    an argument the signature lacks, is read so. An entry of the ``receiver`` (a bound
    method's ``self``, which SymPy documents: ````self```` : vector of expressions) names no
    argument a model gives: it is left out (it was TI203)."""
    if receiver is not None and receiver in doc.params:
        doc = replace(doc, params={k: v for k, v in doc.params.items() if k != receiver})
    swapped = {
        documented: found.type_name
        for documented, found in doc.params.items()
        if documented not in names
        and found.type_name in names
        and found.type_name not in doc.params
        and documented.isidentifier()
    }
    claimed = Counter(swapped.values())
    swapped = {documented: name for documented, name in swapped.items() if claimed[name] == 1}
    if not swapped:
        return doc
    params = {
        swapped.get(name, name): replace(found, type_name=name) if name in swapped else found
        for name, found in doc.params.items()
    }
    return replace(doc, params=params)


def check_documented(
    fields: tuple[Field, ...],
    parameters: list[inspect.Parameter],
    doc: DocInfo,
    report: Callable[[str, str], None],
    left_out: Collection[str] = (),
) -> None:
    """TI203 for each argument the docstring documents that the method does not take, TI204
    for the parameters it leaves undocumented. ``left_out`` names the arguments the tool does
    not offer: a keyword the docstring documents for ``**kwargs`` whose type has no JSON form
    (Azure's ``:keyword ~azure.storage.blob.ContentSettings content_settings:``) is taken by
    the method, and its own note (TI130) says why it is not offered."""
    if not doc.present:
        return
    field_names = {f.name for f in fields}
    if not doc.params.keys() <= field_names:  # else each documented argument is a field
        names = field_names.union((p.name for p in parameters), left_out)
        variadic = {STARS[p.kind] for p in parameters if p.kind in STARS}
        for documented in doc.params:
            if documented in variadic:  # ``:kwargs:``, ``:args:``: whatever their names
                continue
            if documented not in names and documented.lstrip("*") not in names:
                report(
                    codes.DOCUMENTED_NOT_IN_SIGNATURE,
                    f"documented argument {documented!r} is not in the signature",
                )
    undocumented = [f.name for f in fields if f.name not in doc.params and not f.description]
    if len(undocumented) == 1:
        report(codes.PARAMETER_UNDOCUMENTED, f"{label(undocumented[0])} is not documented")
    elif undocumented:
        *first, last = quoted = [repr(name) for name in undocumented]
        message = f"parameters {', '.join(first)} and {last} are not documented"
        if len(message) > LISTED:  # a long signature: its first names and the count
            message = (
                f"{len(quoted)} parameters are not documented: {listed(quoted, separator=', ')}"
            )
        report(codes.PARAMETER_UNDOCUMENTED, message)


_TYPE_WORDS: dict[str, tuple[type, ...]] = {
    **dict.fromkeys(("str", "string", "unicode"), (StringType,)),
    **dict.fromkeys(("int", "integer", "long"), (IntegerType,)),
    **dict.fromkeys(("float", "double", "number", "numeric"), (NumberType, IntegerType)),
    **dict.fromkeys(("bool", "boolean"), (BooleanType,)),
    **dict.fromkeys(("list", "array", "sequence", "tuple"), (ArrayType,)),
    **dict.fromkeys(("dict", "dictionary", "mapping"), (ObjectType,)),
}
"""The type words a parameter's whole text may be, and the schema types that say each."""
_MARKUP = "`*'\" \t"


def says_nothing(text: str, name: str, schema_type: SchemaType) -> bool:
    """Whether a parameter's whole text (its markup aside, in any case) is exactly its own
    name (tweepy's ``|count|`` substitution leaves ``count``) or a type word its schema
    already says (PyGithub's ``:param title: string`` for a ``str``): it tells a model
    nothing, and the parameter is better shown without a text. ``Count.``, a sentence, is
    kept."""
    if not text or len(text) > 64 or "\n" in text:
        return False
    said = text.strip(_MARKUP).lower()
    if said == name.lower():
        return True
    kinds = _TYPE_WORDS.get(said)
    if kinds is None:
        return False
    if isinstance(schema_type, AnyOfType):  # ``X | None``: the type it says is X
        options = [o for o in schema_type.options if not isinstance(o, NullType)]
        if len(options) != 1:
            return False
        schema_type = options[0]
    return isinstance(schema_type, kinds)
