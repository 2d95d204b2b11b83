"""Build: one public method → one ToolDescriptor, with diagnostics instead of exceptions."""

from __future__ import annotations

import inspect
import keyword
import typing

import docstring_parser

from inspector import codes
from inspector.diagnostics import Diagnostic
from inspector.model import (
    MISSING,
    AnyValueType,
    Field,
    Json,
    LeftOut,
    MethodKind,
    NullType,
    ParameterKind,
    Returns,
    SchemaType,
    ToolDescriptor,
    _Missing,
    is_nullable,
)
from inspector.scan.doc_phrases import DocType
from inspector.scan.doc_words import NOT_UNDERSTOOD
from inspector.scan.docstrings import DocInfo, DocstringStyle, ParamDoc, parse_docstring, unparsed
from inspector.scan.enum_names import with_enum_names
from inspector.scan.fields import (
    NO_DEFAULT,
)
from inspector.scan.hints import TypeMapper
from inspector.scan.method_parts import (
    KINDS,
    NO_HINT,
    Omitted,
    Parameter,
    Renames,
    Reporter,
    awaited,
    brief,
    check_documented,
    default_of,
    docstring_of,
    documented_default,
    field_object,
    is_internal,
    label,
    named_in_schema,
    no_form_name,
    nullable,
    read_parameters,
    renamed_field,
    resolve_doc_type,
    result_hint,
    uncallable_message,
    variadic_field,
    without_sentinel_type,
)
from inspector.scan.overloads import fill_from_overloads
from inspector.scan.resolution import HintResolver, Resolved, is_never, is_unpack
from inspector.scan.stubfiles import missing_typeshed
from inspector.scan.stubhints import resolve_stub_hint
from inspector.scan.stubsource import UNKNOWN_DEFAULT, StubFinder, StubSignature
from inspector.scan.targets import MethodInfo
from inspector.typetable.structures import field_rows

_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
_VAR_KEYWORD = inspect.Parameter.VAR_KEYWORD
_ANY_VALUE: tuple[object, ...] = (typing.Any, object)
"""Hints that say nothing about what a ``*args``/``**kwargs`` takes."""
_NEVER = AnyValueType(keywords=(("not", {}),))
"""The return type of a method that never returns (``NoReturn``, ``Never``): no value."""


_UNSAID = {
    True: "no type says what it takes",
    False: "its type (any value) does not say what it takes",
}
"""TI109's reason, by whether the variadic has no hint at all (or says ``Any``/``object``)."""


class MethodBuilder:
    """Turns methods into tools; one instance per scan so type work is shared."""

    def __init__(self, docstring_style: DocstringStyle = DocstringStyle.AUTO) -> None:
        self.docstring_style = docstring_style
        self.mapper = TypeMapper(docstring_style)
        self.resolver = HintResolver()
        self.stubs = StubFinder()
        self._doc_types: dict[tuple[str, str], DocType] = {}
        self._renames = Renames()

    def build(self, method: MethodInfo) -> tuple[ToolDescriptor | None, list[Diagnostic]]:
        """The tool of a method (None when it cannot be inspected) and what was noticed."""
        report = Reporter(method)
        try:
            return self._build(method, report), report.diagnostics
        except Exception as error:  # one odd method must not stop the scan
            self.mapper.take()
            report(codes.METHOD_FAILED, f"cannot be inspected ({brief(error)}); left out")
            return None, report.diagnostics

    def _build(self, method: MethodInfo, report: Reporter) -> ToolDescriptor | None:
        read = self._signature(method, report)
        if read is None:
            return None
        parameters, stub = read
        if (
            method.kind is not MethodKind.STATIC
            and parameters
            and parameters[0].kind not in _VARIADIC
        ):
            parameters = parameters[1:]
        wanted = {p.name: p.kind for p in parameters} | {"return": None}
        hints, sources = self._hints(method, wanted, report, stub)
        bound = method.kind is not MethodKind.STATIC
        keywords = fill_from_overloads(
            method, parameters, hints, sources, self.resolver, bound=bound
        )
        doc = self._doc(method, report)
        omitted = Omitted()
        fields = tuple(
            f
            for p in parameters
            for f in self._fields(p, hints, doc, method, report, sources=sources, omitted=omitted)
        )
        documented_kwargs = self._documented_kwargs(
            parameters, fields, doc, method, report, omitted=omitted, keywords=keywords
        )
        if documented_kwargs:  # the documented names replace the catch-all ``**kwargs``
            fields = tuple(f for f in fields if f.kind is not ParameterKind.VAR_KEYWORD)
        fields += documented_kwargs
        check_documented(fields, parameters, doc, report)
        returns = self._returns(method, hints, doc, report, sources)
        definitions, messages = self.mapper.take()
        for code, message in messages:
            report(code, message)
        tool_names, parameter_names = self._renames.of(method.owner)
        renamed = parameter_names.get(method.name)
        if isinstance(renamed, dict):
            fields = tuple(renamed_field(f, renamed) for f in fields)
        named = [*wanted, *keywords]
        type_sources, uncallable = named_in_schema(renamed, named, sources, omitted)
        tool_name = tool_names.get(method.name)
        return ToolDescriptor(
            name=tool_name if isinstance(tool_name, str) else method.name,
            description=doc.description,
            parameters=fields,
            returns=returns,
            definitions=tuple(definitions.items()),
            is_async=awaited(method.function),
            class_name=method.owner.__name__,
            method_name=method.name,
            method_kind=method.kind,
            location=f"{method.path}:{method.line}" if method.line else method.path,
            type_sources=type_sources,
            left_out=tuple(omitted.left_out),
            uncallable=uncallable,
        )

    def _signature(
        self, method: MethodInfo, report: Reporter
    ) -> tuple[list[Parameter], StubSignature | None] | None:
        """The parameters from the code, else from a stub file (C methods)."""
        try:
            return read_parameters(method.function), None
        except (TypeError, ValueError) as error:
            stub = self._stub(method, report)
            if stub is None:
                hint = ""
                if missing_typeshed(method.owner.__module__):
                    hint = " (install the 'stubs' extra to read it from typeshed)"
                report(codes.NO_SIGNATURE, f"no signature can be read ({error}); left out{hint}")
                return None
        parameters = [Parameter(p.name, p.kind, p.default) for p in stub.parameters]
        return parameters, stub

    def _hints(
        self,
        method: MethodInfo,
        wanted: dict[str, inspect._ParameterKind | None],
        report: Reporter,
        stub: StubSignature | None,
    ) -> tuple[dict[str, object], dict[str, str]]:
        """The hints of the code (each annotation evaluated on its own; a failing one becomes
        "any"), then the stub's for ``wanted`` names the code leaves unannotated; and which
        names took their type from a stub."""
        hints = self._code_hints(method, report)
        missing = [n for n in wanted if n not in hints]
        if missing and stub is None:
            stub = self._stub(method, report)
        sources: dict[str, str] = {}
        for name in missing if stub is not None else ():
            assert stub is not None
            text = stub.annotation(name, wanted[name])
            if text is None:
                continue
            try:
                resolved = resolve_stub_hint(self.resolver.resolve, text, method.owner, stub)
            except Exception as error:  # a stub may name anything; report it
                message = f"stub hint {text!r} unresolved ({brief(error)})"
                report(codes.STUB_HINT_UNRESOLVED, f"{label(name)}: {message}")
                continue
            self._report_dropped(name, resolved, report)
            hints[name] = resolved.hint
            sources[name] = "stub"
        return hints, sources

    def _stub(self, method: MethodInfo, report: Reporter) -> StubSignature | None:
        try:
            return self.stubs.signature(method.function, method.owner)
        except Exception as error:  # a stub file may hold anything; the code still counts
            report(codes.STUB_UNREADABLE, f"stub file cannot be read ({brief(error)}); not used")
            return None

    def _code_hints(self, method: MethodInfo, report: Reporter) -> dict[str, object]:
        function = method.function
        annotations = getattr(function, "__annotations__", None)
        if not isinstance(annotations, dict):
            return {}
        target = inspect.unwrap(function) if hasattr(function, "__wrapped__") else function
        globalns = getattr(target, "__globals__", {})
        resolved: dict[str, object] = {}
        for name, annotation in annotations.items():
            try:
                found = self.resolver.resolve(annotation, globalns, method.owner)
            except Exception as error:  # any expression in an annotation may fail; report it
                report(
                    codes.HINT_UNRESOLVED,
                    f"{label(name)}: hint {annotation!r} unresolved "
                    f"({brief(error)}); any value accepted",
                )
                resolved[name] = typing.Any
                continue
            if found.dropped or found.loosened:
                self._report_dropped(name, found, report)
            resolved[name] = found.hint
        return resolved

    @staticmethod
    def _report_dropped(name: str, resolved: Resolved, report: Reporter) -> None:
        for member in resolved.dropped:
            report(
                codes.UNION_MEMBER_UNRESOLVED,
                f"{label(name)}: union member {member} unresolved; left out",
            )
        for part in resolved.loosened:
            report(
                codes.HINT_PART_UNRESOLVED,
                f"{label(name)}: {part} unresolved; any value accepted in its place",
            )

    def _doc(self, method: MethodInfo, report: Reporter) -> DocInfo:
        text = docstring_of(method)
        try:
            doc = parse_docstring(text, self.docstring_style)
        except docstring_parser.ParseError as error:
            report(
                codes.DOCSTRING_UNPARSABLE,
                f"docstring cannot be parsed ({error}); its text before the sections is the "
                "description",
            )
            return unparsed(text)
        if not doc.present:
            report(codes.NO_DOCSTRING, "no docstring: the tool has no description")
        return doc

    def _fields(
        self,
        parameter: Parameter,
        hints: dict[str, object],
        doc: DocInfo,
        method: MethodInfo,
        report: Reporter,
        *,
        sources: dict[str, str],
        omitted: Omitted,
    ) -> tuple[Field, ...]:
        name = parameter.name
        documented = doc.params.get(name)
        variadic = parameter.kind in _VARIADIC
        if variadic:
            stars = "*" if parameter.kind is inspect.Parameter.VAR_POSITIONAL else "**"
            documented = documented or doc.params.get(f"{stars}{name}")
            hint = hints.get(name, NO_HINT)
            if is_unpack(hint):
                return self._unpacked(hint, doc, report, omitted)
            untyped = hint is NO_HINT or hint in _ANY_VALUE
            if untyped and not (documented and documented.type_name):
                report(
                    codes.VARIADIC_LEFT_OUT, f"{stars}{name} left out: {_UNSAID[hint is NO_HINT]}"
                )
                omitted.left_out.append(LeftOut(name, "untyped-variadic"))
                return ()
        elif name[:1] == "_" and is_internal(parameter, method):
            report(
                codes.INTERNAL_PARAMETER,
                f"{label(name)} left out: internal (a leading '_' and a default)",
            )
            omitted.left_out.append(LeftOut(name, "internal"))
            return ()
        hint = hints.get(name, NO_HINT)
        if hint is NO_HINT:
            type_name = documented.type_name if documented else None
            hint = self._doc_type(type_name, method, name, report)
            if type_name and hint is not typing.Any:
                sources[name] = "docstring"
        hint, python_default, required = field_object(parameter, hint)
        hint, sentinel = without_sentinel_type(hint, python_default, required)
        schema_type, explicit = self.mapper.map_described(hint)
        optional = not required or variadic
        if self.mapper.messages and self._without_form(
            name, hint, schema_type, optional=optional, omitted=omitted, report=report
        ):
            return ()
        description = with_enum_names(
            explicit if explicit is not None else (documented.description if documented else ""),
            schema_type,
        )
        if parameter.kind in _VARIADIC:
            return (variadic_field(name, parameter.kind, schema_type, description),)
        if required:
            return (Field(name, schema_type, description, True, MISSING, KINDS[parameter.kind]),)
        if sentinel or python_default is NO_DEFAULT:
            default: Json | _Missing = MISSING
        elif python_default is UNKNOWN_DEFAULT:  # a stub's ``= ...``: the docstring may say
            default = self._doc_default(documented, method, schema_type)
        else:
            default = default_of(name, python_default, report)
        if python_default is None and not is_nullable(schema_type):
            schema_type = nullable(schema_type)
        return (Field(name, schema_type, description, False, default, KINDS[parameter.kind]),)

    def _without_form(
        self,
        name: str,
        hint: object,
        schema_type: SchemaType,
        *,
        optional: bool,
        omitted: Omitted,
        report: Reporter,
    ) -> bool:
        """Report the mapper's messages for a parameter. One whose type has no JSON form (or
        only ``null`` once the members without one left its union) is left out when optional
        (TI130: the method's default applies) and makes the method uncallable when required
        (TI131); not when a member of its hint did not resolve (TI122: that one may have had a
        form). True when it is left out."""
        if not self.mapper.messages:  # nothing to report, so a form it has
            return False
        messages = list(self.mapper.messages)
        self.mapper.messages.clear()
        no_form = self.mapper.no_json_form(schema_type, messages) or (
            schema_type == NullType() and any(c == codes.UNION_MEMBER_NO_JSON for c, _ in messages)
        )
        unresolved = f"{label(name)}: union member "
        if no_form and any(
            d.code == codes.UNION_MEMBER_UNRESOLVED and d.message.startswith(unresolved)
            for d in report.diagnostics
        ):
            no_form = False
        if no_form:
            type_name = no_form_name(hint)
            messages = [
                (c, m)
                for c, m in messages
                if c not in (codes.NO_SCHEMA_FORM, codes.UNION_MEMBER_NO_JSON)
            ]
            if optional:
                messages.append(
                    (codes.NO_JSON_FORM_LEFT_OUT, f"type {type_name} has no JSON form; left out")
                )
                omitted.left_out.append(LeftOut(name, "no-json-form", type_name))
            else:
                messages.append((codes.UNCALLABLE, uncallable_message(type_name)))
                omitted.uncallable.append((name, type_name))
        for code, message in messages:
            report(code, f"{label(name)}: {message}")
        return no_form and optional

    def _unpacked(
        self, hint: object, doc: DocInfo, report: Reporter, omitted: Omitted
    ) -> tuple[Field, ...]:
        """``**kwargs: Unpack[SomeTypedDict]``: each key a keyword-only parameter."""
        (typed_dict,) = typing.get_args(hint)
        try:
            rows = field_rows(typed_dict)
        except Exception as error:  # unresolvable field hints
            report(
                codes.FIELDS_UNREADABLE, f"**kwargs: {typed_dict!r} cannot be read ({brief(error)})"
            )
            return ()
        fields = []
        for name, field_hint, required, default in rows:
            schema_type, explicit = self.mapper.map_described(field_hint)
            if self._without_form(
                name, field_hint, schema_type, optional=not required, omitted=omitted, report=report
            ):
                continue
            documented = doc.params.get(name)
            description = explicit or (documented.description if documented else "")
            kind = ParameterKind.KEYWORD_ONLY
            fields.append(Field(name, schema_type, description, required, default, kind))
        return tuple(fields)

    def _documented_kwargs(
        self,
        parameters: list[Parameter],
        fields: tuple[Field, ...],
        doc: DocInfo,
        method: MethodInfo,
        report: Reporter,
        *,
        omitted: Omitted,
        keywords: dict[str, tuple[object, bool]],
    ) -> tuple[Field, ...]:
        """The arguments a docstring documents for ``**kwargs`` (botocore's, requests') and
        those ``@overload`` signatures name: keyword-only parameters typed by the overloads,
        else by the docstring; required only when documented so or every overload says so."""
        if not ((doc.params or keywords) and parameters and parameters[-1].kind is _VAR_KEYWORD):
            return ()
        taken = {p.name for p in parameters} | {f.name for f in fields}
        taken |= {p.name for p in omitted.left_out}
        found: list[Field] = []
        names = [*doc.params, *(n for n in keywords if n not in doc.params)]
        for name in names:
            if name in taken or not name.isidentifier() or keyword.iskeyword(name):
                continue
            documented = doc.params.get(name)
            if name in keywords:
                hint, required = keywords[name]
                required = required or bool(documented and documented.required)
            else:
                assert documented is not None
                hint = self._doc_type(documented.type_name, method, name, report)
                required = documented.required
            schema_type, _ = self.mapper.map_described(hint)
            if self._without_form(
                name, hint, schema_type, optional=not required, omitted=omitted, report=report
            ):
                continue
            text = documented.description if documented else ""
            description = with_enum_names(text, schema_type)
            default = MISSING if required else self._doc_default(documented, method, schema_type)
            kind = ParameterKind.KEYWORD_ONLY
            found.append(Field(name, schema_type, description, required, default, kind))
        return tuple(found)

    def _doc_type(
        self, type_name: str | None, method: MethodInfo, name: str, report: Reporter
    ) -> object:
        if type_name:
            read = self._read_doc_type(type_name, method)
            if read.hint is not NOT_UNDERSTOOD:
                for word in read.dropped:
                    message = f"docstring type {word!r} not understood; the rest of the type kept"
                    report(codes.UNION_MEMBER_UNRESOLVED, f"{label(name)}: {message}")
                return read.hint
            report(
                codes.DOCSTRING_TYPE_UNKNOWN,
                f"{label(name)}: docstring type {type_name!r} not understood; any value accepted",
            )
            return typing.Any
        if name != "return":
            report(codes.NO_TYPE_HINT, f"{label(name)}: no type hint; any value accepted")
        return typing.Any

    def _doc_default(
        self, documented: ParamDoc | None, method: MethodInfo, schema_type: SchemaType
    ) -> Json | _Missing:
        """The default a docstring states, for a parameter whose signature shows none (a
        documented ``**kwargs`` key, a stub's ``= ...``): informative only, as the method still
        applies its own when the argument is left out."""
        if documented is None:
            return MISSING
        text = documented.default
        if text is None and documented.type_name:
            text = self._read_doc_type(documented.type_name, method).default
        return documented_default(text, schema_type) if text else MISSING

    def _read_doc_type(self, type_name: str, method: MethodInfo) -> DocType:
        """A docstring type read once per module and text (the same phrases repeat)."""
        key = (type_name, getattr(method.function, "__module__", None) or "")
        found = self._doc_types.get(key)
        if found is None:
            found = self._doc_types[key] = resolve_doc_type(type_name, method.function)
        return found

    def _returns(
        self,
        method: MethodInfo,
        hints: dict[str, object],
        doc: DocInfo,
        report: Reporter,
        sources: dict[str, str],
    ) -> Returns:
        hint = hints.get("return", NO_HINT)
        if hint is not NO_HINT:
            hint = result_hint(method.function, hint)
        if hint is NO_HINT and doc.returns_type:
            hint = self._doc_type(doc.returns_type, method, "return", report)
            if hint is not typing.Any:
                sources["return"] = "docstring"
        if hint is NO_HINT:
            return Returns(None, doc.returns)
        if is_never(hint):
            return Returns(_NEVER, doc.returns)
        schema_type, explicit = self.mapper.map_result(hint)
        for code, message in self.mapper.messages:
            report(code, f"return value: {message}")
        self.mapper.messages.clear()
        return Returns(schema_type, explicit if explicit is not None else doc.returns)
