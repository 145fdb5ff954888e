"""Typed results. Each mirrors a schema of Cairn's OpenAPI document; unknown fields a newer
server adds are ignored, so an old client keeps working."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Dict, List, Optional, Type, TypeVar

T = TypeVar("T")


def _from(cls: Type[T], data: Dict[str, Any]) -> T:
    names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    return cls(**{k: v for k, v in data.items() if k in names})


@dataclass
class Trace:
    id: str
    title: Optional[str]
    content: str
    category: str
    importance: str
    tags: List[str]
    access_count: int
    source: str
    created_at: str
    updated_at: str
    duplicate_of: Optional[str] = None
    similar: Optional[List[Dict[str, Any]]] = None
    project: Optional[str] = None
    pinned: bool = False
    # What created it and what last changed it (ADR 0033): {"kind", "id", "name"}, kind one of web,
    # api_key, oauth_client, import; None when not known (written before Cairn kept it).
    created_by: Optional[Dict[str, Any]] = None
    updated_by: Optional[Dict[str, Any]] = None
    # Set when a newer trace replaced this one (it then leaves search); superseded_by is
    # {"id", "title"} while the replacement exists.
    superseded_at: Optional[str] = None
    superseded_by: Optional[Dict[str, Any]] = None
    # On create: memories on the same subject the new one may replace.
    possibly_outdated: Optional[List[Dict[str, Any]]] = None
    # From get_trace: the older traces this one replaced, [{"id", "title"}], newest first (at most
    # 20); None in answers that do not carry it (lists, create, edits).
    replaces: Optional[List[Dict[str, Any]]] = None

    @classmethod
    def parse(cls, data: Dict[str, Any]) -> "Trace":
        return _from(cls, data)


@dataclass
class TraceVersion:
    """A trace as it was before an edit (ADR 0033): changed_fields, changed_at and changed_by
    (a dict like Trace.created_by, or None) describe the edit that replaced it."""
    version: int
    title: Optional[str]
    content: str
    category: str
    importance: str
    tags: List[str]
    changed_fields: List[str]
    changed_at: str
    changed_by: Optional[Dict[str, Any]] = None

    @classmethod
    def parse(cls, data: Dict[str, Any]) -> "TraceVersion":
        return _from(cls, data)


@dataclass
class Project:
    id: str
    name: str
    description: Optional[str]
    archived: bool
    archived_at: Optional[str]
    trace_count: int
    created_at: str
    updated_at: str

    @classmethod
    def parse(cls, data: Dict[str, Any]) -> "Project":
        return _from(cls, data)


@dataclass
class ProjectList:
    projects: List[Project]
    personal_count: int

    @classmethod
    def parse(cls, data: Dict[str, Any]) -> "ProjectList":
        return cls(projects=[Project.parse(p) for p in data["projects"]], personal_count=data["personal_count"])


@dataclass
class Briefing:
    """The session briefing (ADR 0030): items (dicts with id, title, snippet, why, importance,
    pinned, project, updated_at), best first, within max_tokens (estimated as characters / 4)."""
    project: Optional[str]
    max_tokens: int
    used_tokens: int
    items: List[Dict[str, Any]]
    omitted: int

    @classmethod
    def parse(cls, data: Dict[str, Any]) -> "Briefing":
        return _from(cls, data)


@dataclass
class TraceList:
    traces: List[Trace]
    totalCount: int
    currentPage: int
    totalPages: int
    pageSize: int

    @classmethod
    def parse(cls, data: Dict[str, Any]) -> "TraceList":
        return cls(
            traces=[Trace.parse(t) for t in data["traces"]],
            totalCount=data["totalCount"],
            currentPage=data["currentPage"],
            totalPages=data["totalPages"],
            pageSize=data["pageSize"],
        )


@dataclass
class SearchResponse:
    results: List[Dict[str, Any]]
    raw: Dict[str, Any] = field(default_factory=dict)
    # Set when nothing reached min_relevance (and when only weak matches are listed): says so in
    # words an assistant can repeat.
    message: Optional[str] = None

    @classmethod
    def parse(cls, data: Dict[str, Any]) -> "SearchResponse":
        return cls(results=list(data.get("results", [])), raw=data, message=data.get("message"))


@dataclass
class Stats:
    total_traces: int
    added_last_24h: int
    integrations: int
    ai_queries: int
    daily: List[Dict[str, Any]]

    @classmethod
    def parse(cls, data: Dict[str, Any]) -> "Stats":
        return _from(cls, data)


@dataclass
class ImportJob:
    id: str
    status: str
    format: str
    file_name: Optional[str]
    created_at: str
    finished_at: Optional[str]
    preview: Dict[str, int]
    progress: Dict[str, int]
    # Why a failed job could not read its file (servers before 0035 do not send it).
    error: Optional[str] = None

    @classmethod
    def parse(cls, data: Dict[str, Any]) -> "ImportJob":
        return _from(cls, data)


@dataclass
class ImportItem:
    position: int
    label: str
    title: Optional[str]
    excerpt: Optional[str]
    kind: str
    outcome: Optional[str]
    detail: Optional[str]
    trace_id: Optional[str]

    @classmethod
    def parse(cls, data: Dict[str, Any]) -> "ImportItem":
        return _from(cls, data)
