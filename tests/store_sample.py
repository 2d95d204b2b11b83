"""A client whose methods all take the transport's knobs: the class the tests of the class
options ``@hidden`` and ``@fixed`` shape (each method answers with what it was given)."""

from __future__ import annotations

from typing import Annotated

from inspector import Injected


class Store:
    """A key-value store client."""

    def get(
        self, key: str, timeout: float | None = None, trace: bool = False, region: str = "eu"
    ) -> dict[str, object]:
        """Read a key.

        Args:
            key: The key.
            timeout: Seconds to wait for the server.
            trace: Log the request.
            region: Where the key lives.
        """
        return {"key": key, "timeout": timeout, "trace": trace, "region": region}

    def put(
        self, key: str, value: str, timeout: float = 10.0, trace: bool = False
    ) -> dict[str, object]:
        """Write a key.

        Args:
            key: The key.
            value: Its new value.
            timeout: Seconds to wait for the server.
            trace: Log the request.
        """
        return {"key": key, "value": value, "timeout": timeout, "trace": trace}

    def scan(self, prefix: str, timeout: float, limit: int = 100) -> dict[str, object]:
        """The keys that start with a prefix.

        Args:
            prefix: The prefix.
            timeout: Seconds the whole scan may take (required here).
            limit: At most this many keys.
        """
        return {"prefix": prefix, "timeout": timeout, "limit": limit}

    def whoami(self, user: Annotated[str, Injected()], trace: bool = False) -> dict[str, object]:
        """Who the host says is calling.

        Args:
            trace: Log the request.
        """
        return {"user": user, "trace": trace}

    def ping(self, trace: bool = False, _retries: int = 3) -> dict[str, object]:
        """Check that the server answers.

        Args:
            trace: Log the request.
        """
        return {"trace": trace, "retries": _retries}
