"""What a method new to the classification file starts as: the ``new`` setting, and the methods
that start ``false`` whatever it says (a destructive name, inputs that were all left out)."""

from __future__ import annotations

import enum
import re

from inspector.model import ToolDescriptor


class NewMethods(enum.Enum):
    """The ``new`` setting (``--new``, ``new = ...``): what a method the classification file
    does not name yet starts as."""

    INCLUDE = "include"
    """Included, except a destructive one (``DESTRUCTIVE_VERBS``), which starts false."""
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

DESTRUCTIVE_VERBS = frozenset(
    {
        "delete",
        "drop",
        "remove",
        "destroy",
        "purge",
        "truncate",
        "kill",
        "terminate",
        "shutdown",
        "reset",
        "wipe",
        # the file system's words for delete (shutil.rmtree, os.unlink)
        "rm",
        "rmdir",
        "rmtree",
        "unlink",
        "erase",
        # run whatever statement or command they are given (sqlite3, DB-API cursors,
        # SQLAlchemy, redis ``execute_command``): as able to destroy as ``drop``, on any class
        "execute",
        "executemany",
        "executescript",
        "exec",
    }
)
"""First words that make a new method start false: it destroys, stops or runs what it is told."""

RAW_QUERY_WORDS = frozenset({"sql", "query"})
"""``raw`` starts false alone (Django's ``Manager.raw``) or before one of these (``raw_sql``),
not as an adjective (``raw_data``, ``raw_bytes``)."""

_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
"""The words of a name: ``deleteItem`` → delete, Item; ``HTTPDelete`` → HTTP, Delete."""


def name_words(name: str) -> list[str]:
    """The words of a snake_case, camelCase or PascalCase name, lower-cased.

    Args:
        name: A method or function name.

    Returns:
        Its words in order (``drop_Table`` and ``dropTable`` → ``["drop", "table"]``).
    """
    return [word.lower() for part in name.split("_") for word in _WORDS.findall(part)]


def is_destructive(name: str, *, is_async: bool = False) -> bool:
    """Whether a name starts with a destructive verb, as a whole word.

    Args:
        name: A method or function name.
        is_async: Whether it is awaited: then an ``a`` in front of the verb counts as its
            async twin (Django's ``adelete`` beside ``delete``).

    Returns:
        True for ``delete_pod``, ``deleteItem``, ``DropTable``, ``raw``, ``raw_sql``; False for
        ``deleted_items``, ``dropdown``, ``undelete``, ``raw_data``.
    """
    if is_async and name[:1] == "a" and is_destructive(name[1:]):
        return True
    words = name_words(name)
    if not words:
        return False
    if words[0] == "raw":
        return len(words) == 1 or words[1] in RAW_QUERY_WORDS
    return words[0] in DESTRUCTIVE_VERBS


def inputs_left_out(tool: ToolDescriptor) -> bool:
    """Whether the tool takes nothing while its method takes ``*args``/``**kwargs`` that were
    left out (nothing says what they take): Django's ``QuerySet.filter`` would be offered as
    a tool without arguments whose text talks about keyword arguments."""
    return not tool.parameters and any(o.reason == "untyped-variadic" for o in tool.left_out)
