"""Values a built-in template writes with ``tojson``, passed by reference while its output is
streamed: the template's text holds a short placeholder string where the value goes, and the
stream puts the value itself back where it parses that string, instead of writing the value as
JSON text and parsing that text again (most of a tool entry is its schema).

The file is the same: the value is written as the parsed text would have been. Where that could
differ (a value that JSON text would not carry back as it is: a subclass, a tuple of a key that is
no string, a cycle) or a placeholder is not used exactly once as a whole value, the stream raises
``WholeText`` and the render is made again from the whole text, placeholders off."""

from __future__ import annotations

import json
import os

from inspector.files.jsonio import WholeText

_tojson = json.JSONEncoder(ensure_ascii=False).encode


class ValueRefs:
    """The values one streamed render passes by reference: ``tojson`` (the template's filter)
    registers each dict and list under a placeholder no data holds (a random token per render),
    ``resolve`` takes them back out of each parsed entry, ``finish`` checks none was left."""

    def __init__(self) -> None:
        token = os.urandom(12).hex()
        self._prefix = f"\x00toolsinspector-value:{token}:"
        self._literal = f'"\\u0000toolsinspector-value:{token}:'
        self._values: dict[str, object] = {}
        self._count = 0
        self.taken: list[object] = []
        """The values ``resolve`` put back since the caller last emptied it."""

    def tojson(self, value: object) -> str:
        """The JSON text of a string or number; a placeholder for a dict or a list."""
        if type(value) is dict or type(value) is list:
            self._count += 1
            number = str(self._count)
            self._values[self._prefix + number] = value
            return f'{self._literal}{number}"'
        return _tojson(value)

    def is_placeholder(self, text: str) -> bool:
        """Whether a parsed string is one of this render's placeholders."""
        return text.startswith(self._prefix)

    def resolve(self, value: object) -> object:
        """The parsed value with each placeholder in it replaced by its value (in place); a
        placeholder used as a key, twice or not made here raises ``WholeText``."""
        if not self._count:
            return value
        if type(value) is str:
            return self._take(value) if value.startswith(self._prefix) else value
        stack = [value]
        while stack:
            node = stack.pop()
            if type(node) is dict:
                for key, item in node.items():
                    if key.startswith(self._prefix):
                        raise WholeText
                    if type(item) is str:
                        if item.startswith(self._prefix):
                            node[key] = self._take(item)
                    elif type(item) is dict or type(item) is list:
                        stack.append(item)
            elif type(node) is list:
                for index, item in enumerate(node):
                    if type(item) is str:
                        if item.startswith(self._prefix):
                            node[index] = self._take(item)
                    elif type(item) is dict or type(item) is list:
                        stack.append(item)
        return value

    def _take(self, placeholder: str) -> object:
        try:
            value = self._values.pop(placeholder)
        except KeyError:
            raise WholeText from None
        self.taken.append(value)
        return value

    def finish(self) -> None:
        """``WholeText`` when a placeholder never came back as a value (the template used the
        text ``tojson`` gave some other way)."""
        if self._values:
            raise WholeText


_LIMIT = 1 << 64


def carried_as_is(value: object) -> bool:
    """Whether ``json.loads(tojson(value))`` is ``value`` as the JSON writer sees it: dicts with
    string keys, lists, tuples, strings, floats, bools, None and integers within 64 bits, of
    those exact types, each container met once (no cycle; a shared one is refused too)."""
    stack: list[object] = [value]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        kind = type(node)
        if isinstance(node, dict | list | tuple) and kind in (dict, list, tuple):
            if id(node) in seen:
                return False
            seen.add(id(node))
            if isinstance(node, dict):
                if not all(type(key) is str for key in node):
                    return False
                stack.extend(node.values())
            else:
                stack.extend(node)
        elif isinstance(node, int) and kind is int:
            if not -_LIMIT < node < _LIMIT:
                return False
        elif not (kind is str or kind is float or kind is bool or node is None):
            return False
    return True
