"""Templates compiled once for the renders of one owner (a Toolbox, a server).

Jinja compiles a template to Python code for each new environment, and every render makes its
own environment (its filters report into that render's diagnostics). A ``Toolbox`` answers
``definitions()`` and ``serve`` lists tools many times over one life: compiling was three
quarters of such a render of a small class (about 5 ms of 7). Jinja's bytecode cache is the
documented way to keep the compiled code; this one is a dict, owned by whoever made it, and Jinja
compares the template's source with the one the code was made from, so an edited template is
compiled again.
"""

from __future__ import annotations

import jinja2
from jinja2.bccache import Bucket


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates in memory, for as long as their owner keeps this object."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill the bucket with the code kept under its key, if any.

        Args:
            bucket: Jinja's bucket for one template source.
        """
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep the bucket's freshly compiled code.

        Args:
            bucket: Jinja's bucket for one template source.
        """
        self._code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        """Forget every compiled template."""
        self._code.clear()
