"""What a method new to the classification file starts as: the ``new`` setting, and the methods
that start ``false`` whatever it says (inputs that were all left out, a method that never
returns, an event handler, a deprecated method). Which names are destructive is
``destructive_names``' rule."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from inspector import codes
from inspector.diagnostics import clipped
from inspector.files.destructive_names import destructive_word, name_words
from inspector.model import NEVER, AnyValueType, NullType, ToolDescriptor


class NewMethods(enum.Enum):
    """The ``new`` setting (``--new``, ``new = ...``): what a method the classification file
    does not name yet starts as."""

    INCLUDE = "include"
    """Included, except one with a destructive name (``destructive_names``), which starts
    false."""
    EXCLUDE = "exclude"
    """Excluded."""
    INCLUDE_ALL = "include-all"
    """Included, destructive ones too."""

    @property
    def include(self) -> bool:
        """Whether a new method is included."""
        return self is not NewMethods.EXCLUDE

    @property
    def include_destructive(self) -> bool:
        """Whether a new method with a destructive name is included."""
        return self is NewMethods.INCLUDE_ALL


CHOICES = tuple(choice.value for choice in NewMethods)
"""The values of ``--new`` and of the ``new`` key."""


def inputs_left_out(tool: ToolDescriptor) -> bool:
    """Whether the tool takes nothing while its method takes ``*args``/``**kwargs`` that were
    left out (nothing says what they take): Django's ``QuerySet.filter`` would be offered as
    a tool without arguments whose text talks about keyword arguments."""
    return not tool.parameters and any(o.reason == "untyped-variadic" for o in tool.left_out)


def never_returns(tool: ToolDescriptor) -> bool:
    """Whether the tool's method never returns (``-> NoReturn``, ``-> Never``): it only raises
    or ends the process (argparse's ``ArgumentParser.exit`` and ``error``, ``wave``'s
    ``getmark``), so no call of it gives the model an answer."""
    return tool.returns.type == NEVER


def event_handler(tool: ToolDescriptor) -> bool:
    """Whether the tool's method is named as an event handler, ``on`` and a word
    (``on_thread_stop``, ``onMessage``): its library calls it when the event happens
    (watchdog's ``BaseObserver.on_thread_start`` and ``on_thread_stop``, rich's
    ``Console.on_broken_pipe``, a ``FileSystemEventHandler``'s ``on_created``); a model that
    called one ran the event's work with no event. A handler gives nothing back (``-> None``,
    or no hint): ``on_sale(category) -> list[str]`` is a question, and a tool."""
    words = name_words(tool.method_name)
    gives_nothing = tool.returns.type in (NullType(), AnyValueType())
    return len(words) > 1 and words[0] == "on" and gives_nothing


def deprecated(tool: ToolDescriptor) -> bool:
    """Whether the tool's method is deprecated, as its code says (``ToolDescriptor.deprecated``:
    ``@deprecated``, a stub's, a docstring's ``.. deprecated::``): its authors want it gone,
    and a model offered it writes calls to an API that is going away (typeshed's
    ``datetime.utcnow``: "Use timezone-aware objects")."""
    return tool.deprecated is not None


DEPRECATION_SHOWN = 80
"""How many characters of a deprecation's message a diagnostic gives: the line that lists the
new deprecated methods stays readable (SQLAlchemy's are sentences); the whole message is in
tools.json and at the end of the tool's description."""


def deprecation_said(tool: ToolDescriptor) -> str:
    """What the code says of the tool's deprecation, for a diagnostic: ``since 1.2: use y``,
    ``Use fetch() instead``, ``since 1.2``, or "" (the message cut to
    ``DEPRECATION_SHOWN``)."""
    said = tool.deprecated
    if said is None:
        return ""
    message = clipped(said.message, DEPRECATION_SHOWN)
    if said.version:
        return f"since {said.version}: {message}" if message else f"since {said.version}"
    return message


@dataclass(frozen=True)
class FalseStart:
    """Why a method new to the classification file starts ``false`` whatever ``new`` says,
    and is not offered where no entry includes it, in the words of its two diagnostics.

    Attributes:
        recorded: The code of the line that lists new methods recorded ``false`` for it.
        excluded: The code of the line that says a method is left out for it.
        one: Why, in the first line, for one method (``it never returns (...)``).
        many: Why, in the first line, for more (``they never return (...)``).
        why: Why, in the second line (``it never returns (...)``).
        offer: What setting it true offers, after "to offer it" (``" without arguments"``).
        detail: What the method's own code adds to why, shown in parentheses after its name
            in the first line and after ``why`` in the second (a deprecated method's version
            and message, ``deprecation_said``), "" when it adds nothing; None: nothing ever.
    """

    recorded: str
    excluded: str
    one: str
    many: str
    why: str
    offer: str = ""
    detail: Callable[[ToolDescriptor], str] | None = None

    def said(self, tool: ToolDescriptor) -> str:
        """What the tool's own code adds to why (``detail``), or ""."""
        return self.detail(tool) if self.detail is not None else ""


NO_INPUTS: Final = FalseStart(
    codes.NO_INPUTS_RECORDED_FALSE,
    codes.NO_INPUTS_EXCLUDED,
    "it takes no input (only *args/**kwargs that nothing describes, TI140)",
    "they take no input (only *args/**kwargs that nothing describes, TI140)",
    "it takes no input (its *args/**kwargs were left out)",
    " without arguments",
)
NEVER_RETURNS: Final = FalseStart(
    codes.NEVER_RETURNS_RECORDED_FALSE,
    codes.NEVER_RETURNS_EXCLUDED,
    "it never returns (NoReturn: only raises or ends the process)",
    "they never return (NoReturn: only raises or ends the process)",
    "it never returns (NoReturn: only raises or ends the process)",
)
EVENT_HANDLER: Final = FalseStart(
    codes.EVENT_HANDLER_RECORDED_FALSE,
    codes.EVENT_HANDLER_EXCLUDED,
    "named as an event handler (on_...: the library calls it on the event)",
    "named as event handlers (on_...: the library calls them on the event)",
    "it is named as an event handler (on_...: the library calls it on the event)",
)
DEPRECATED: Final = FalseStart(
    codes.DEPRECATED_RECORDED_FALSE,
    codes.DEPRECATED_EXCLUDED,
    "it is deprecated",
    "they are deprecated",
    "it is deprecated",
    detail=deprecation_said,
)
FALSE_STARTS: Final = (
    (inputs_left_out, NO_INPUTS),
    (never_returns, NEVER_RETURNS),
    (event_handler, EVENT_HANDLER),
    (deprecated, DEPRECATED),
)
"""Each rule and its reason, in the order they are asked (the first that holds says why)."""


def false_start(tool: ToolDescriptor) -> FalseStart | None:
    """Why the tool's method starts ``false`` whatever ``new`` says, or None."""
    return next((start for holds, start in FALSE_STARTS if holds(tool)), None)


def destructive_name(tool: ToolDescriptor) -> str | None:
    """The word that makes the tool's method name destructive (``destructive_names``), read
    with its first parameter's name when the name is one verb (``run(command)``), or None."""
    first = tool.parameters[0].name if tool.parameters else ""
    return destructive_word(tool.method_name, is_async=tool.is_async, first_parameter=first)
