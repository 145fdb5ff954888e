"""Every failed call raises a CairnError (or a subclass by HTTP status) carrying the server's
stable ``code`` (``not_found``, ``duplicate_trace``, ``insufficient_scope``, ...)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional


class CairnError(Exception):
    def __init__(self, status: int, body: Dict[str, Any]):
        self.status = status
        self.code: str = body.get("code") or "http_error"
        self.message: str = body.get("error") or f"HTTP {status}"
        self.details: Optional[List[Dict[str, str]]] = body.get("details")
        super().__init__(self.message)


class ValidationError(CairnError):
    pass


class AuthenticationError(CairnError):
    pass


class KeyExpiredError(AuthenticationError):
    """401 ``api_key_expired``: the key passed its expiry date; give it a later one or make a new key."""


class PermissionError_(CairnError):
    """403: the credential lacks a permission (named with a trailing _ to leave the builtin alone)."""


class NotFoundError(CairnError):
    pass


class ConflictError(CairnError):
    pass


class RateLimitError(CairnError):
    retry_after: Optional[float] = None


class ServerError(CairnError):
    pass


class CairnConnectionError(CairnError):
    """No answer at all: the connection was refused or reset, the name did not resolve, TLS failed,
    or the timeout passed. ``status`` is 0 and ``code`` ``connection_failed``; ``__cause__`` is the
    standard library's own error."""

    def __init__(self, base_url: str, reason: str):
        super().__init__(0, {"error": f"Could not reach Cairn at {base_url}: {reason}", "code": "connection_failed"})


def error_for(status: int, body: Dict[str, Any], retry_after: Optional[float] = None) -> CairnError:
    if status == 429:
        err = RateLimitError(status, body)
        err.retry_after = retry_after
        return err
    if status == 401 and body.get("code") == "api_key_expired":
        return KeyExpiredError(status, body)
    cls = {400: ValidationError, 413: ValidationError, 401: AuthenticationError, 403: PermissionError_,
           404: NotFoundError, 409: ConflictError}.get(status)
    if cls is None:
        cls = ServerError if status >= 500 else CairnError
    return cls(status, body)
