"""Bearer tokens for ``serve --http``: every HTTP request must carry one of the tokens, else it
is answered 401; the client a token names is the request's identity (the ``client_id`` a tool
can take as an injected value)."""

from __future__ import annotations

import hmac
import ipaddress
import json
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import Any

from inspector.diagnostics import UsageError

CLIENT_ID = "client_id"
"""The context key of the authenticated client's name, filled for each HTTP request."""

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def read_tokens(text: str, variable: str) -> dict[str, str]:
    """The tokens an environment variable holds, each to its client's name: ``TOKEN`` (the
    client ``"client"``) or ``name=TOKEN`` entries separated by commas.

    Raises:
        UsageError: No token, or an entry without one.
    """
    tokens: dict[str, str] = {}
    for entry in (part.strip() for part in text.split(",")):
        if not entry:
            continue
        name, equals, token = entry.partition("=")
        if not equals:
            name, token = "client", entry
        if not token or not name:
            raise UsageError(f"--token-env {variable}: an entry without a name or a token")
        tokens[token] = name
    if not tokens:
        raise UsageError(f"--token-env {variable}: the variable is empty or not set")
    return tokens


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve to any interface
        return False


class BearerGate:
    """An ASGI app in front of another: HTTP requests without a known bearer token get 401.

    Args:
        app: The app behind the gate.
        tokens: Token → the client's name.
    """

    def __init__(self, app: App, tokens: Mapping[str, str]) -> None:
        self._app = app
        self._tokens = dict(tokens)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a request with a known token on (its client named in the scope's state);
        answer any other HTTP request 401."""
        if scope.get("type") != "http":  # the lifespan: no request to check
            await self._app(scope, receive, send)
            return
        client = self._client(scope)
        if client is None:
            await _unauthorized(send)
            return
        state = {**scope.get("state", {}), CLIENT_ID: client}
        await self._app({**scope, "state": state}, receive, send)

    def _client(self, scope: Scope) -> str | None:
        headers = dict(scope.get("headers") or [])
        scheme, _, given = headers.get(b"authorization", b"").decode("latin-1").partition(" ")
        if scheme.lower() != "bearer" or not given:
            return None
        found = None
        for token, name in self._tokens.items():  # compare with every token: constant time
            if hmac.compare_digest(token.encode(), given.strip().encode()):
                found = name
        return found


async def _unauthorized(send: Send) -> None:
    body = json.dumps({"error": "unauthorized: a bearer token is required"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json"),
                (b"www-authenticate", b'Bearer realm="toolsinspector"'),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def request_client(request: object) -> dict[str, object]:
    """The context a request gives: its authenticated client's name, if any."""
    scope = getattr(request, "scope", None)
    state = scope.get("state") if isinstance(scope, Mapping) else None
    client = state.get(CLIENT_ID) if isinstance(state, Mapping) else None
    return {CLIENT_ID: client} if isinstance(client, str) else {}
