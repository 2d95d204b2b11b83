"""Build: one public method → one ToolDescriptor, with diagnostics instead of exceptions.

The parameters come from ``inspect.signature`` (from a stub file for a C method that has none),
the types from the annotations (then a stub, ``@overload`` signatures, the docstring), the
texts from the docstring; what a model cannot give is left out or makes the method uncallable."""

from __future__ import annotations

import functools
import inspect
import keyword
import typing

import docstring_parser

from inspector import codes
from inspector.codes import level_of
from inspector.diagnostics import (
    LISTED,
    NAMED,
    Diagnostic,
    clipped,
    reraise_interrupt,
)
from inspector.model import (
    MISSING,
    NEVER,
    NOT_INSPECTED,
    AnyOfType,
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
from inspector.scan.annotated import injected_key as injected_key_of
from inspector.scan.annotated import overrides_schema
from inspector.scan.context import ScanContext
from inspector.scan.decorator_factories import makes_decorator
from inspector.scan.defaults import default_of, fitting_default
from inspector.scan.deprecation import (
    docstring_deprecation,
    held_deprecation,
    with_deprecation,
)
from inspector.scan.doc_types import (
    NOT_UNDERSTOOD,
    DocType,
    documented_default,
    names_a_type,
    resolve_doc_type,
)
from inspector.scan.docstrings import (
    DocInfo,
    DocstringStyle,
    ParamDoc,
    docstring_of,
    parse_docstring,
    unparsed,
)
from inspector.scan.documented import (
    STARS,
    check_documented,
    label,
    names_in_signature_order,
    says_nothing,
)
from inspector.scan.enum_names import with_enum_names
from inspector.scan.fields import (
    NO_DEFAULT,
    field_object,
)
from inspector.scan.function_factories import unwrapped, wraps_in_a_loop
from inspector.scan.hints import Mapped, Note, TypeMapper, no_form_name
from inspector.scan.no_tools import NoTool
from inspector.scan.overloads import fill_from_overloads, overloads_doc
from inspector.scan.renames import Renames, named_in_schema, renamed_field, renames_of
from inspector.scan.resolution import Resolved, is_never, is_unpack, none_name
from inspector.scan.rest_text import plain_text
from inspector.scan.sentinels import without_sentinel_type
from inspector.scan.signature_line import signature_line_parameters
from inspector.scan.stub_hint_text import resolve_stub_hint
from inspector.scan.stubsource import (
    TYPESHED_MISSING,
    UNKNOWN_DEFAULT,
    StubSignature,
    missing_typeshed,
    runtime_parameter,
)
from inspector.scan.targets import MethodInfo, owner_name
from inspector.scan.variadics import (
    tuple_item,
    unsaid,
    variadic_field,
    variadic_item,
    wrapper_keywords,
)
from inspector.typetable.structures import field_rows
from inspector.typetable.values import as_declared

NO_HINT = object()
"""A parameter without a type hint (``None`` is a hint)."""
LITERAL_TYPES = frozenset({bool, int, float, str})
"""The types of defaults that type a parameter without hint or docstring type (``flag=False``;
``None`` says nothing of the type)."""
KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: ParameterKind.POSITIONAL_ONLY,
    inspect.Parameter.POSITIONAL_OR_KEYWORD: ParameterKind.POSITIONAL_OR_KEYWORD,
    inspect.Parameter.KEYWORD_ONLY: ParameterKind.KEYWORD_ONLY,
}

UNBOUND = (MethodKind.STATIC, MethodKind.FUNCTION)
"""Kinds whose first parameter is no ``self``/``cls``."""
_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
_IMPLICIT: dict[MethodKind, str | None] = {
    MethodKind.STATIC: None,
    MethodKind.FUNCTION: None,
    MethodKind.CLASS: "cls",
}
"""The first parameter a signature line may leave out, by kind (``self`` for the others)."""
_VAR_KEYWORD = inspect.Parameter.VAR_KEYWORD


_REPLACED_BY_NO_FORM = frozenset({codes.NO_SCHEMA_FORM, codes.UNION_MEMBER_NO_JSON})
"""The notes that TI130/TI131 replace for a parameter whose type has no JSON form."""


class MethodBuilder:
    """Turns methods into tools; one instance per scan, with the scan's ``context`` (made for
    ``docstring_style`` when none is given), so what is read for one method serves the next."""

    def __init__(
        self,
        docstring_style: DocstringStyle = DocstringStyle.AUTO,
        *,
        context: ScanContext | None = None,
    ) -> None:
        self.context = context if context is not None else ScanContext(docstring_style)
        self.docstring_style = self.context.docstring_style
        self.mapper = TypeMapper(self.context)
        self.resolver = self.context.resolver
        self.stubs = self.context.stubs
        self._doc_types: dict[tuple[str, str], DocType] = {}
        self._renames = Renames()

    def build(self, method: MethodInfo) -> tuple[ToolDescriptor | NoTool, list[Diagnostic]]:
        """The tool of a method and what was noticed; ``NoTool.MAKES_DECORATOR`` (and nothing
        noticed) for a method that makes a decorator (``makes_decorator``): a call does
        nothing until its result is applied to a function. A method that cannot be inspected
        is a tool without parameters that a model cannot call (``not_inspected``): it stays in
        the catalog, so the classification file keeps its entry and its ``false`` quiets
        it."""
        report = Reporter(method)
        try:
            tool = self._build(method, report)
        except BaseException as error:  # one odd method must not stop the scan
            reraise_interrupt(error)
            self.mapper.take_definitions()
            report(codes.METHOD_FAILED, f"cannot be inspected ({brief(error)}); not offered")
            tool = None
        if tool is NoTool.MAKES_DECORATOR:
            return tool, []
        if not isinstance(tool, ToolDescriptor):
            return not_inspected(method), report.diagnostics
        return tool, report.diagnostics

    def _build(self, method: MethodInfo, report: Reporter) -> ToolDescriptor | NoTool | None:
        read = self._signature(method, report)
        if read is None:
            return None
        parameters, stub = read
        bound = method.kind not in UNBOUND
        receiver = None
        if bound and parameters and parameters[0].kind not in _VARIADIC:
            receiver = parameters[0].name
            parameters = parameters[1:]
        wanted = {p.name: p.kind for p in parameters} | {"return": None}
        hints, sources, stub = self._hints(method, wanted, report, stub)
        if makes_decorator(hints.get("return"), self.context.names.typevar_bound):
            return NoTool.MAKES_DECORATOR
        keywords = fill_from_overloads(
            method, parameters, hints, sources, self.resolver, bound=bound
        )
        names = {p.name for p in parameters}
        takes_keywords = any(p.kind is _VAR_KEYWORD for p in parameters)
        doc = self._doc(method, report, names, takes_keywords)
        doc = names_in_signature_order(doc, names, receiver)
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
            omitted.take_back_kwargs(report)
        fields += documented_kwargs
        check_documented(
            fields, parameters, doc, report, left_out=[e.name for e in omitted.left_out]
        )
        returns = self._returns(method, hints, doc, report, sources)
        definitions = self.mapper.take_definitions()
        tool_names, parameter_names = self._renames.of(method.owner)
        renamed = parameter_names.get(method.name)
        if isinstance(renamed, dict):
            fields = tuple(renamed_field(f, renamed) for f in fields)
        named = [*wanted, *keywords]
        type_sources, uncallable = named_in_schema(renamed, named, sources, omitted.uncallable)
        tool_name = tool_names.get(method.name)
        decorated = held_deprecation(method.receiver, method.name, method.function) or (
            stub.deprecated if stub else None
        )
        description, deprecated = with_deprecation(
            _without_own_name(doc.description, method.name), decorated, doc.deprecated
        )
        return ToolDescriptor(
            name=tool_name if isinstance(tool_name, str) else method.name,
            description=description,
            parameters=fields,
            returns=returns,
            definitions=tuple(definitions.items()),
            is_async=_awaited(method.function),
            class_name=method.class_name,
            method_name=method.name,
            method_kind=method.kind,
            location=f"{method.path}:{method.line}" if method.line else method.path,
            type_sources=type_sources,
            left_out=tuple(omitted.left_out),
            uncallable=uncallable,
            deprecated=deprecated,
        )

    def _signature(
        self, method: MethodInfo, report: Reporter
    ) -> tuple[list[inspect.Parameter], StubSignature | None] | None:
        """The parameters from the code, else from a stub file, else from the docstring's
        first line (a C method without a text signature: ``inspect.signature`` raises for
        it)."""
        try:
            follow = not wraps_in_a_loop(method.function)  # else its own signature
            signature = inspect.signature(method.function, follow_wrapped=follow)
            return list(signature.parameters.values()), None
        except (TypeError, ValueError) as error:
            stub = self._stub(method, report)
            if stub is None:
                implicit = _IMPLICIT.get(method.kind, "self")
                written = signature_line_parameters(method.function, method.name, implicit)
                if written is not None:
                    return written, None
                hint = ""
                if missing_typeshed(method.owner.__module__):
                    hint = f" ({TYPESHED_MISSING})"
                report(codes.NO_SIGNATURE, f"no signature can be read ({error}); not offered{hint}")
                return None
        return [runtime_parameter(p) for p in stub.parameters], stub

    def _hints(
        self,
        method: MethodInfo,
        wanted: dict[str, inspect._ParameterKind | None],
        report: Reporter,
        stub: StubSignature | None,
    ) -> tuple[dict[str, object], dict[str, str], StubSignature | None]:
        """The hints of the code (each annotation evaluated on its own; a failing one becomes
        "any"), then the stub's for ``wanted`` names the code leaves unannotated (``wanted``:
        the run-time parameters after ``self``/``cls``, in order, then ``"return"``); which
        names took their type from a stub, and the stub read (``stub`` or one found)."""
        hints = self._code_hints(method, report)
        missing = [(i, n) for i, n in enumerate(wanted) if n not in hints]
        if missing and stub is None:
            stub = self._stub(method, report)
        sources: dict[str, str] = {}
        for position, name in missing if stub is not None else ():
            assert stub is not None
            text = stub.annotation(name, wanted[name], position)
            if text is None:
                continue
            try:
                resolve = functools.partial(self.resolver.resolve, receiver=method.receiver)
                resolved = resolve_stub_hint(resolve, text, method.owner, stub)
            except Exception as error:  # a stub may name anything; report it
                message = f"stub hint {text!r} unresolved ({brief(error)})"
                report(codes.STUB_HINT_UNRESOLVED, f"{label(name)}: {message}")
                report.stub_unresolved.add(name)  # TI120 says why it has no type: not TI106
                continue
            only_null = _only_null(resolved)
            self._report_dropped(name, resolved, report, only_null=only_null)
            hints[name] = typing.Any if only_null else resolved.hint
            sources[name] = "stub"
        return hints, sources, stub

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
        target = unwrapped(function)
        globalns = getattr(target, "__globals__", {})
        resolved: dict[str, object] = {}
        for name, annotation in annotations.items():
            try:
                found = self.resolver.resolve(
                    annotation, globalns, method.owner, receiver=method.receiver
                )
            except Exception as error:  # any expression in an annotation may fail; report it
                missing = none_name(annotation, globalns)
                why = (
                    f"{missing!r} is None in {globalns.get('__name__', 'its module')}: an "
                    "optional dependency that is not installed?"
                    if missing is not None
                    else brief(error)
                )
                report(
                    codes.HINT_UNRESOLVED,
                    f"{label(name)}: hint {annotation!r} unresolved ({why}); any value accepted",
                )
                resolved[name] = typing.Any
                continue
            only_null = _only_null(found)
            if found.dropped or found.loosened:
                self._report_dropped(name, found, report, only_null=only_null)
            resolved[name] = typing.Any if only_null else found.hint
        return resolved

    @staticmethod
    def _report_dropped(
        name: str, resolved: Resolved, report: Reporter, *, only_null: bool
    ) -> None:
        if resolved.dropped:
            report.unresolved_members.add(name)
        outcome = "any value accepted" if only_null else "left out"
        for member in resolved.dropped:
            report(
                codes.UNION_MEMBER_UNRESOLVED,
                f"{label(name)}: union member {member} unresolved; {outcome}",
            )
        for part in resolved.loosened:
            report(
                codes.HINT_PART_UNRESOLVED,
                f"{label(name)}: {part} unresolved; any value accepted in its place",
            )

    def _doc(
        self, method: MethodInfo, report: Reporter, names: set[str], keywords: bool
    ) -> DocInfo:
        text = docstring_of(method.owner, method.name, method.function)
        if not (text and text.strip()):
            found = overloads_doc(method.function, self.docstring_style)
            if found is not None:
                for error in found[1]:
                    report(codes.DOCSTRING_UNPARSABLE, f"an overload's docstring {error}")
                return found[0]
        try:
            doc = parse_docstring(text, self.docstring_style, names, keywords)
        except docstring_parser.ParseError as error:
            report(
                codes.DOCSTRING_UNPARSABLE,
                f"docstring cannot be parsed ({error}); its text before the sections is the "
                "description",
            )
            doc = unparsed(text)
        else:
            if not doc.present:
                report(codes.NO_DOCSTRING, "no docstring: the tool has no description")
        doc.deprecated = docstring_deprecation(text)
        return doc

    def _fields(
        self,
        parameter: inspect.Parameter,
        hints: dict[str, object],
        doc: DocInfo,
        method: MethodInfo,
        report: Reporter,
        *,
        sources: dict[str, str],
        omitted: Omitted,
    ) -> tuple[Field, ...]:
        name = parameter.name
        variadic = parameter.kind in _VARIADIC
        stars = STARS.get(parameter.kind, "")
        documented = doc.params.get(name) or (
            doc.params.get(stars + name) or doc.params.get(stars) if stars else None
        )
        if parameter.kind is _VAR_KEYWORD and is_unpack(hints.get(name)):
            return self._unpacked(hints[name], doc, report, omitted)
        injected = injected_key_of(hints.get(name, NO_HINT))
        if injected is not None:  # the host gives it: no schema, no diagnostic
            omitted.left_out.append(LeftOut(name, "injected", key=injected or name))
            return ()
        reason = _left_out(parameter, hints.get(name, NO_HINT), documented, method)
        if reason is not None:
            code, why, kind = reason
            report(code, why)
            omitted.left_out.append(LeftOut(name, kind))
            if parameter.kind is _VAR_KEYWORD:
                omitted.kwargs = (report.diagnostics[-1], omitted.left_out[-1])
            return ()
        hint = hints.get(name, NO_HINT)
        if variadic and is_unpack(hint):  # ``*args: *tuple[int, ...]``
            hint = tuple_item(hint)
        type_name = documented.type_name if documented else None
        if type_name and not names_a_type(type_name):  # ``value (optional): ...``
            type_name = None
        if hint is NO_HINT and not type_name and type(parameter.default) in LITERAL_TYPES:
            hint, sources[name] = type(parameter.default), "default"  # ``x=0``: an integer
        elif hint is NO_HINT:
            hint = self._doc_type(type_name, method, name, report)
            if type_name and hint is not typing.Any:
                sources[name] = "docstring"
            if variadic:
                hint = variadic_item(hint, parameter.kind)
        hint, python_default, required = field_object(parameter, hint)
        hint, sentinel = without_sentinel_type(hint, python_default, required)
        mapped = self.mapper.map_parameter(hint, loose=sources.get(name) == "docstring")
        optional = not required or variadic
        if self._without_form(
            name, hint, mapped, optional=optional, omitted=omitted, report=report
        ):
            return ()
        schema_type, explicit = mapped.schema, mapped.description
        description = with_enum_names(
            explicit
            if explicit is not None
            else self._documented_text(documented, method, name, schema_type),
            schema_type,
        )
        if parameter.kind in _VARIADIC:
            return (variadic_field(name, parameter.kind, schema_type, description),)
        if required:
            return (Field(name, schema_type, description, True, MISSING, KINDS[parameter.kind]),)
        if sentinel or python_default is NO_DEFAULT:
            default: Json | _Missing = MISSING
        else:
            default = self._default(
                name, python_default, documented, method, schema_type=schema_type, report=report
            )
        if python_default is None and not is_nullable(schema_type) and not overrides_schema(hint):
            schema_type = nullable(schema_type)
        if not overrides_schema(hint):  # a schema the user gave is the whole truth
            default = fitting_default(label(name), default, schema_type, report)
        return (Field(name, schema_type, description, False, default, KINDS[parameter.kind]),)

    def _default(
        self,
        name: str,
        value: object,
        documented: ParamDoc | None,
        method: MethodInfo,
        *,
        schema_type: SchemaType,
        report: Reporter,
    ) -> Json | _Missing:
        """A parameter's default as JSON; a stub's ``= ...`` says only that there is one: the
        docstring may say which."""
        if value is UNKNOWN_DEFAULT:
            return self._doc_default(documented, method, schema_type)
        return default_of(label(name), as_declared(value, schema_type), report)

    def _without_form(
        self,
        name: str,
        hint: object,
        mapped: Mapped,
        *,
        optional: bool,
        omitted: Omitted,
        report: Reporter,
    ) -> bool:
        """Report what the mapper noticed of a parameter. One whose type has no JSON form (or
        only ``null`` once the members without one left its union) is left out when optional
        (TI130: the method's default applies) and makes the method uncallable when required
        (TI131); not when a member of its hint did not resolve (TI122: that one may have had a
        form). True when it is left out."""
        no_form = not mapped.json_form and name not in report.unresolved_members
        notes = list(mapped.notes)
        if no_form:
            type_name = no_form_name(hint)
            whys = {note.why for note in notes if note.code in _REPLACED_BY_NO_FORM and note.why}
            why = f" ({whys.pop()})" if len(whys) == 1 else ""
            notes = [note for note in notes if note.code not in _REPLACED_BY_NO_FORM]
            if optional:
                message = f"type {type_name} has no JSON form{why}; left out"
                notes.append(Note(codes.NO_JSON_FORM_LEFT_OUT, message))
                omitted.left_out.append(LeftOut(name, "no-json-form", type_name))
            else:
                notes.append(Note(codes.UNCALLABLE, uncallable_message(type_name, why)))
                omitted.uncallable.append((name, type_name))
        for note in notes:
            report(note.code, f"{label(name)}: {note.message}")
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
            mapped = self.mapper.map_parameter(field_hint)
            optional = not required
            if self._without_form(
                name, field_hint, mapped, optional=optional, omitted=omitted, report=report
            ):
                continue
            schema_type = mapped.schema
            documented = doc.params.get(name)
            description = mapped.description or (documented.description if documented else "")
            kind = ParameterKind.KEYWORD_ONLY
            fields.append(Field(name, schema_type, description, required, default, kind))
        return tuple(fields)

    def _documented_kwargs(
        self,
        parameters: list[inspect.Parameter],
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
        takes = bool(parameters) and parameters[-1].kind is _VAR_KEYWORD
        wrapper_takes = frozenset[str]() if takes else wrapper_keywords(method.function)
        if not ((doc.params or keywords) and (takes or wrapper_takes)):
            return ()
        taken = {p.name for p in parameters} | {f.name for f in fields}
        taken |= {p.name for p in omitted.left_out}
        found: list[Field] = []
        names = [*doc.params, *(n for n in keywords if n not in doc.params)]
        for name in names:
            if name in taken or not name.isidentifier() or keyword.iskeyword(name):
                continue
            if not takes and name not in wrapper_takes:  # a stale entry: the wrapper takes no
                continue  # such keyword (TI203 says so)
            documented = doc.params.get(name)
            prose = name not in keywords  # typed by the docstring, not by an overload
            if not prose:
                hint, required = keywords[name]
                required = required or bool(documented and documented.required)
            else:
                assert documented is not None
                hint = self._doc_type(documented.type_name, method, name, report)
                required = documented.required
            mapped = self.mapper.map_parameter(hint, loose=prose)
            if self._without_form(
                name, hint, mapped, optional=not required, omitted=omitted, report=report
            ):
                continue
            schema_type = mapped.schema
            text = self._documented_text(documented, method, name, schema_type)
            description = with_enum_names(text, schema_type)
            default = MISSING if required else self._doc_default(documented, method, schema_type)
            kind = ParameterKind.KEYWORD_ONLY
            found.append(Field(name, schema_type, description, required, default, kind))
        return tuple(found)

    def _doc_type(
        self, type_name: str | None, method: MethodInfo, name: str, report: Reporter
    ) -> object:
        if type_name and names_a_type(type_name):
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
        if name != "return" and name not in report.stub_unresolved:
            report(codes.NO_TYPE_HINT, f"{label(name)}: no type hint; any value accepted")
        return typing.Any

    def _documented_text(
        self, documented: ParamDoc | None, method: MethodInfo, name: str, schema_type: SchemaType
    ) -> str:
        """What the docstring says of a parameter. SymPy writes the text where numpydoc puts
        the type, with none below (``rows : rows of the matrix``): a phrase not wholly read as
        a type, for a parameter the docstring gives no other text, is its text (the words
        were lost, and the model was told nothing of ``rows``). A text that is only the
        parameter's name or a type word its schema says (``says_nothing``) is none."""
        if documented is None:
            return ""
        text = documented.description or self._type_as_text(documented.type_name, method)
        return "" if says_nothing(text, name, schema_type) else text

    def _type_as_text(self, phrase: str | None, method: MethodInfo) -> str:
        """A docstring type phrase not wholly read as a type, as text: the words the author
        wrote where the type goes (SymPy's parameters, tqdm's ``format_meter`` return value:
        ``out : Formatted meter and stats, ready to display.``); "" for a type."""
        if not phrase or not names_a_type(phrase):
            return ""
        read = self._read_doc_type(phrase, method)
        return plain_text(phrase) if read.hint is NOT_UNDERSTOOD or read.dropped else ""

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
            names = self.context.names
            found = self._doc_types[key] = resolve_doc_type(type_name, method.function, names)
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
        # the words of a type phrase that is no type are the text (written where a type goes)
        text = doc.returns or self._type_as_text(doc.returns_type, method)
        if hint is NO_HINT and doc.returns_type:
            hint = self._doc_type(doc.returns_type, method, "return", report)
            if hint is not typing.Any:
                sources["return"] = "docstring"
        if hint is NO_HINT:
            return Returns(None, text)
        if is_never(hint):
            return Returns(NEVER, text)
        mapped = self.mapper.map_result(hint)
        for note in mapped.notes:
            report(note.code, f"return value: {note.message}")
        description = mapped.description
        return Returns(mapped.schema, description if description is not None else text)


def not_inspected(method: MethodInfo) -> ToolDescriptor:
    """The tool of a method that cannot be inspected (TI103, TI104): no parameters, and
    uncallable, so a new one starts ``false`` and only the user's ``true`` offers it."""
    return ToolDescriptor(
        name=method.name,
        description="",
        class_name=method.class_name,
        method_name=method.name,
        method_kind=method.kind,
        location=f"{method.path}:{method.line}" if method.line else method.path,
        uncallable=(NOT_INSPECTED,),
    )


def _only_null(resolved: Resolved) -> bool:
    """Whether only null is left of a union whose other members did not resolve
    (``Optional["Missing"]``, bs4's ``new_tag(attrs)``): that says nothing of what the
    parameter takes, so it accepts any value, as a hint that did not resolve does."""
    return bool(resolved.dropped) and resolved.hint in (None, type(None))


class Reporter:
    """Gathers one method's diagnostics, located at the method."""

    __slots__ = ("diagnostics", "method", "stub_unresolved", "unresolved_members")

    def __init__(self, method: MethodInfo) -> None:
        self.method = method
        self.diagnostics: list[Diagnostic] = []
        self.unresolved_members: set[str] = set()
        """Names whose hint lost a union member that did not resolve (TI122): that one may
        have had a JSON form, so the rest having none does not make the parameter formless."""
        self.stub_unresolved: set[str] = set()
        """Names whose stub hint did not resolve (TI120): they have a hint, not none."""

    def __call__(self, code: str, message: str) -> None:
        subject = f"{owner_name(self.method.owner)}.{self.method.name}"
        self.diagnostics.append(
            Diagnostic(level_of(code), message, self.method.path, self.method.line, subject, code)
        )


class Omitted:
    """What a tool does not offer of its method, gathered while its parameters are built."""

    __slots__ = ("kwargs", "left_out", "uncallable")

    def __init__(self) -> None:
        self.left_out: list[LeftOut] = []
        self.uncallable: list[tuple[str, str]] = []
        """Required parameters whose type has no JSON form: (name, type)."""
        self.kwargs: tuple[Diagnostic, LeftOut] | None = None  # **kwargs' note and entry

    def take_back_kwargs(self, report: Reporter) -> None:
        """``**kwargs`` is not left out: the docstring or the overloads named its keys."""
        if self.kwargs is not None:
            report.diagnostics = [d for d in report.diagnostics if d is not self.kwargs[0]]
            self.left_out = [e for e in self.left_out if e is not self.kwargs[1]]


def uncallable_message(type_name: str, why: str = "") -> str:
    """TI131's text: a required parameter of a type that has no JSON form (``why``: `` (the
    reason)`` or "")."""
    return (
        f"required, and type {clipped(type_name, NAMED)} has no JSON form{why}: a model cannot "
        "call "
        "this method "
        "(a new classification entry excludes it; set true, any value is accepted)"
    )


def is_internal(parameter: inspect.Parameter, method: MethodInfo) -> bool:
    """``_name`` with a default (``_parent_execute_state=None``) is for the library, not a
    caller; unless ``__parameter_names__`` gives it a schema name, or it is a Python keyword
    escaped with one underscore (kubernetes' ``_continue``, the paging token of every
    ``list_*``: API clients generated from OpenAPI escape keywords so)."""
    if not parameter.name.startswith("_") or parameter.default is inspect.Parameter.empty:
        return False
    if parameter.name[1:].islower() and keyword.iskeyword(parameter.name[1:]):
        return False  # not ``_None``, ``_True``, ``_False``: no generator escapes those
    renamed = renames_of(method.owner, "__parameter_names__").get(method.name)
    return not (isinstance(renamed, dict) and parameter.name in renamed)


def brief(error: BaseException) -> str:
    """An error for a message: its type and its text, cut (a user's error may say a lot)."""
    return clipped(f"{type(error).__name__}: {error}", LISTED)


def nullable(schema_type: SchemaType) -> SchemaType:
    if isinstance(schema_type, AnyOfType) and not schema_type.keywords:
        return AnyOfType((*schema_type.options, NullType()))
    return AnyOfType((schema_type, NullType()))


def _left_out(
    parameter: inspect.Parameter, hint: object, documented: ParamDoc | None, method: MethodInfo
) -> tuple[str, str, str] | None:
    """Why a parameter is left out before its type is read (its code, message and
    ``LeftOut`` kind): a ``*args``/``**kwargs`` no type describes, an internal ``_name``."""
    name = parameter.name
    if parameter.kind in _VARIADIC:
        why = unsaid(parameter, None if hint is NO_HINT else hint, documented)
        if why is not None:
            return codes.VARIADIC_LEFT_OUT, why, "untyped-variadic"
    elif name[:1] == "_" and is_internal(parameter, method):
        why = f"{label(name)} left out: internal (a leading '_' and a default)"
        return codes.INTERNAL_PARAMETER, why, "internal"
    return None


def _awaited(function: object) -> bool:
    """Whether a call is awaited: a coroutine function, or an async generator (the Toolbox
    collects its items)."""
    return inspect.iscoroutinefunction(function) or inspect.isasyncgenfunction(function)


def _without_own_name(description: str, name: str) -> str:
    """The description without a first paragraph that is only the method's name, or the name
    it begins with (generated API clients, such as kubernetes', start every docstring so, and
    ``x_with_http_info`` with ``x``): a renamed tool's text must not name a tool the model
    cannot call, and the name tells the model nothing."""
    first, separator, rest = description.partition("\n\n")
    first = first.strip()
    own = first.isidentifier() and name.startswith(first)
    return rest.lstrip() if separator and own else description
