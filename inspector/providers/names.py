"""Tool names a provider refuses (too long, characters it does not take), fitted to its rule: the
first part of the name and a short hash of the whole, the same in every run, unique in a file."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable

from inspector.providers.base import NameRule

HASH_LENGTH = 8
"""Hex digits of the name's SHA-256 that end a shortened name."""

_REFUSED = re.compile(r"[^A-Za-z0-9_]")
"""What a shortened name replaces with ``_``: the characters some provider refuses."""


def fitted_names(rule: NameRule | None, names: Iterable[str]) -> dict[str, str]:
    """The names of one file that break ``rule``, each with the name written in its place.

    Args:
        rule: The provider's tool-name rule; None accepts every name.
        names: Every tool name of the file, in file order.

    Returns:
        Refused name → its fitted form, which obeys the rule and is no other name of the file
        (a name no form fits, under an odd user rule, is left out: the rule's error stands).
    """
    names = list(names)
    if rule is None:
        return {}
    refused = [name for name in names if not rule.pattern.fullmatch(name)]
    taken = {name for name in names if rule.pattern.fullmatch(name)}
    fitted: dict[str, str] = {}
    for name in refused:
        if name in fitted:
            continue
        short = fit_name(name, rule, taken)
        if short is not None:
            fitted[name] = short
            taken.add(short)
    return fitted


def fit_name(
    name: str, rule: NameRule, taken: set[str] | frozenset[str] = frozenset()
) -> str | None:
    """One name in a form ``rule`` accepts and ``taken`` does not hold: accents are dropped
    (``café`` → ``cafe``), other refused characters become ``_`` (a leading digit gets a ``_``
    in front); when that is not enough, the longest
    start of it that fits, then ``_`` and the first ``HASH_LENGTH`` hex digits of the SHA-256
    of the whole name (``list_namespaced_..._3f2a9c01``).

    Args:
        name: The name the provider refuses.
        rule: The provider's rule.
        taken: Names the result must not be.

    Returns:
        The fitted name; None when no form of it fits the rule.
    """
    letters = unicodedata.normalize("NFKD", name)  # é → e and a combining accent, dropped
    plain = _REFUSED.sub("_", "".join(c for c in letters if not unicodedata.combining(c)))
    if not plain[:1].isalpha() and not plain.startswith("_"):
        plain = f"_{plain}"
    if rule.pattern.fullmatch(plain) and plain not in taken:
        return plain
    # surrogatepass: a name read from JSON may hold a lone surrogate, which UTF-8 refuses
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()
    for extra in range(len(digest) - HASH_LENGTH + 1):
        suffix = f"_{digest[: HASH_LENGTH + extra]}"
        for keep in range(len(plain), -1, -1):
            candidate = plain[:keep].rstrip("_") + suffix
            if rule.pattern.fullmatch(candidate) and candidate not in taken:
                return candidate
    return None
