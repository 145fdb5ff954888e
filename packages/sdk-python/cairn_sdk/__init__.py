"""Cairn's Python SDK: traces, tags, search, stats, import and export over the REST API."""

from .client import Cairn, parse_retry_after
from .endpoints import ENDPOINTS
from .errors import (AuthenticationError, CairnConnectionError, CairnError, ConflictError, KeyExpiredError,
                     NotFoundError, PermissionError_, RateLimitError, ServerError, ValidationError)
from .models import (Briefing, ImportItem, ImportJob, Project, ProjectList, SearchResponse, Stats, Trace, TraceList,
                     TraceVersion)

__all__ = [
    "Cairn", "parse_retry_after", "ENDPOINTS", "CairnError", "CairnConnectionError", "ValidationError",
    "AuthenticationError",
    "KeyExpiredError", "PermissionError_", "NotFoundError", "ConflictError", "RateLimitError", "ServerError", "Trace",
    "TraceList", "SearchResponse", "Stats", "ImportJob", "ImportItem", "Project", "ProjectList", "Briefing",
    "TraceVersion",
]
