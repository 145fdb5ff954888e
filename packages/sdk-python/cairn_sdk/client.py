"""A client for one Cairn server and one credential: an API key, or (access_token) a web-session
access token. OAuth access tokens are issued for /mcp only; the REST API refuses them (401 invalid_token).
Standard library only: urllib for HTTP, json, dataclasses."""

from __future__ import annotations

import email.utils
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, BinaryIO, Dict, Iterator, List, Optional, Union

from .errors import CairnConnectionError, error_for
from .models import (Briefing, ImportItem, ImportJob, Project, ProjectList, SearchResponse, Stats, Trace, TraceList,
                     TraceVersion)

Body = Union[bytes, str, BinaryIO]


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Seconds from a Retry-After header: a number of seconds or an HTTP date (RFC 9110 10.2.3)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, at - (now if now is not None else time.time()))


# Methods the server treats as reads: sending one twice changes nothing.
IDEMPOTENT = frozenset({"GET", "HEAD", "OPTIONS"})


def may_retry(method: str, status: int, code: Optional[str]) -> bool:
    """Whether an error answer may be retried. 429 and 503 `overloaded` are refused before any work
    (the rate limit, the admission queue), so any method may repeat. Any other 503 (a request that
    ran past its deadline, a database that went away mid-request) may have been processed: a write
    repeated then is a second write (issue 26: an import uploaded four times), so only a read repeats."""
    if status == 429:
        return True
    if status != 503:
        return False
    return code == "overloaded" or method.upper() in IDEMPOTENT


class Cairn:
    def __init__(self, base_url: str, api_key: Optional[str] = None, access_token: Optional[str] = None,
                 max_retries: int = 3, max_retry_delay: float = 30.0, timeout: float = 60.0):
        self.base_url = base_url.rstrip("/")
        self._token = api_key or access_token
        self.max_retries = max_retries
        self.max_retry_delay = max_retry_delay
        self.timeout = timeout

    # The one place HTTP happens: retries only an answer that says the request was not processed,
    # or a read (may_retry): a POST, PATCH or DELETE answered 503 request_timeout is never resent.
    def _send(self, method: str, path: str, query: Optional[Dict[str, Any]] = None, json_body: Any = None,
              body: Optional[Body] = None, raw: bool = False) -> Any:
        url = self.base_url + path
        params = {k: (",".join(v) if isinstance(v, list) else str(v).lower() if isinstance(v, bool) else str(v))
                  for k, v in (query or {}).items() if v is not None}
        if params:
            url += "?" + urllib.parse.urlencode(params)
        headers = {"accept": "application/json", "user-agent": "cairn-sdk-python/0.1.0"}
        if self._token:
            headers["authorization"] = f"Bearer {self._token}"
        data: Optional[bytes] = None
        if json_body is not None:
            headers["content-type"] = "application/json"
            data = json.dumps(json_body).encode("utf-8")
        elif body is not None:
            headers["content-type"] = "application/octet-stream"
            data = body.encode("utf-8") if isinstance(body, str) else body if isinstance(body, bytes) else body.read()
        attempt = 0
        while True:
            request = urllib.request.Request(url, data=data, headers=headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as res:
                    payload = res.read()
                    if raw:
                        return payload
                    return json.loads(payload) if payload else None
            except urllib.error.HTTPError as err:
                retry_after = parse_retry_after(err.headers.get("retry-after"))
                text = err.read().decode("utf-8", "replace")
                try:
                    parsed = json.loads(text)
                except ValueError:
                    parsed = {"error": text or err.reason}
                code = parsed.get("code") if isinstance(parsed, dict) else None
                if may_retry(method, err.code, code if isinstance(code, str) else None) \
                        and attempt < self.max_retries:
                    delay = retry_after if retry_after is not None else 0.5 * 2 ** attempt
                    time.sleep(min(self.max_retry_delay, delay))
                    attempt += 1
                    continue
                raise error_for(err.code, parsed if isinstance(parsed, dict) else {}, retry_after) from None
            except (urllib.error.URLError, OSError) as err:
                # No answer (HTTPError, an answer, is handled above): a read is tried again; a write
                # may have reached the server, so it is not.
                if method == "GET" and attempt < self.max_retries:
                    time.sleep(min(self.max_retry_delay, 0.5 * 2 ** attempt))
                    attempt += 1
                    continue
                reason = err.reason if isinstance(err, urllib.error.URLError) else err
                raise CairnConnectionError(self.base_url, str(reason)) from err

    @staticmethod
    def _id(value: str) -> str:
        return urllib.parse.quote(value, safe="")

    # Traces

    def list_traces(self, search: Optional[str] = None, category: Optional[str] = None,
                    tags: Optional[List[str]] = None, page: int = 1, page_size: int = 20,
                    importance: Optional[str] = None, project: Optional[str] = None,
                    project_only: Optional[bool] = None, created_by_kind: Optional[str] = None) -> TraceList:
        """project: a project's name (its traces and personal ones; with project_only, only its own);
        "*" or None: every trace. created_by_kind: web, api_key, oauth_client or import (ADR 0033)."""
        query = {"search": search, "category": category, "tags": tags, "importance": importance,
                 "page": page, "pageSize": page_size, "project": project, "project_only": project_only,
                 "created_by_kind": created_by_kind}
        return TraceList.parse(self._send("GET", "/api/traces", query=query))

    def iterate_traces(self, search: Optional[str] = None, category: Optional[str] = None,
                       tags: Optional[List[str]] = None) -> Iterator[Trace]:
        """Every trace matching the filters, page after page."""
        page = 1
        while True:
            res = self.list_traces(search=search, category=category, tags=tags, page=page, page_size=100)
            yield from res.traces
            if page >= res.totalPages:
                return
            page += 1

    def create_trace(self, content: str, title: Optional[str] = None, category: Optional[str] = None,
                     importance: Optional[str] = None, tags: Optional[List[str]] = None,
                     project: Optional[str] = None, pinned: Optional[bool] = None,
                     supersedes: Optional[List[str]] = None) -> Trace:
        """Saves a trace. supersedes: ids of older traces it replaces (kept, but they leave search)."""
        body = {k: v for k, v in {"content": content, "title": title, "category": category,
                                  "importance": importance, "tags": tags, "project": project,
                                  "pinned": pinned, "supersedes": supersedes}.items() if v is not None}
        return Trace.parse(self._send("POST", "/api/traces", json_body=body))

    def get_trace(self, trace_id: str) -> Trace:
        """One trace; .replaces lists the older traces it replaced (ADR 0034)."""
        return Trace.parse(self._send("GET", f"/api/traces/{self._id(trace_id)}"))

    def update_trace(self, trace_id: str, **fields: Any) -> Trace:
        return Trace.parse(self._send("PATCH", f"/api/traces/{self._id(trace_id)}", json_body=fields))

    def delete_trace(self, trace_id: str) -> None:
        self._send("DELETE", f"/api/traces/{self._id(trace_id)}")

    def restore_trace(self, trace_id: str) -> Trace:
        return Trace.parse(self._send("POST", f"/api/traces/{self._id(trace_id)}/restore"))

    def supersede_trace(self, trace_id: str, by: str) -> Trace:
        """Marks a trace replaced by the newer trace `by`: kept, but it leaves search and the briefing."""
        return Trace.parse(self._send("PUT", f"/api/traces/{self._id(trace_id)}/superseded_by",
                                      json_body={"id": by}))

    def mark_current(self, trace_id: str) -> Trace:
        """Undoes supersede_trace: the trace holds again and returns to search."""
        return Trace.parse(self._send("DELETE", f"/api/traces/{self._id(trace_id)}/superseded_by"))

    def bulk_traces(self, action: str, ids: List[str], category: Optional[str] = None,
                    tag: Optional[str] = None, project: Optional[str] = None) -> List[str]:
        """One action on up to 100 traces (delete, restore, set_category, add_tag, remove_tag,
        move_to_project with project: a name, or None for personal); returns the ids it changed:
        others' ids and traces with nothing to do are left out."""
        body = {k: v for k, v in {"action": action, "ids": ids, "category": category,
                                  "tag": tag}.items() if v is not None}
        if action == "move_to_project":
            body["project"] = project  # None is sent: it means personal
        return list(self._send("POST", "/api/traces/bulk", json_body=body).get("changed", []))

    def versions(self, trace_id: str) -> List[TraceVersion]:
        """A trace's earlier versions, newest first (ADR 0033)."""
        res = self._send("GET", f"/api/traces/{self._id(trace_id)}/versions")
        return [TraceVersion.parse(v) for v in res.get("versions", [])]

    def restore_version(self, trace_id: str, version: int) -> Trace:
        """Brings a version back: an edit like any other (it keeps the version it replaces)."""
        return Trace.parse(self._send("POST", f"/api/traces/{self._id(trace_id)}/versions/{int(version)}/restore"))

    def similar_traces(self, trace_id: str) -> List[Dict[str, Any]]:
        """The near-duplicates Cairn found for a trace (by words at once, by meaning once embedded)."""
        return list(self._send("GET", f"/api/traces/{self._id(trace_id)}/similar").get("similar", []))

    # Search and stats

    def search(self, query: str, limit: Optional[int] = None, category: Optional[str] = None,
               tags: Optional[List[str]] = None, importance: Optional[str] = None,
               min_relevance: Optional[float] = None,
               weak_matches: Optional[bool] = None, project: Optional[str] = None,
               project_only: Optional[bool] = None,
               include_superseded: Optional[bool] = None) -> SearchResponse:
        """Hybrid search. With weak_matches=True, when nothing reaches min_relevance the closest few
        come back anyway, each with "weak": True (an assistant can discard them; not see hidden ones)."""
        body = {k: v for k, v in {"query": query, "limit": limit, "category": category, "tags": tags,
                                  "importance": importance, "min_relevance": min_relevance,
                                  "weak_matches": weak_matches, "project": project,
                                  "project_only": project_only,
                                  "include_superseded": include_superseded}.items()
                if v is not None}
        return SearchResponse.parse(self._send("POST", "/api/search", json_body=body))

    def stats(self) -> Stats:
        return Stats.parse(self._send("GET", "/api/stats"))

    # Projects (a trace in at most one; ADR 0029) and the session briefing (ADR 0030)

    def list_projects(self, archived: Optional[bool] = None) -> ProjectList:
        return ProjectList.parse(self._send("GET", "/api/projects", query={"archived": archived}))

    def create_project(self, name: str, description: Optional[str] = None) -> Project:
        body = {k: v for k, v in {"name": name, "description": description}.items() if v is not None}
        return Project.parse(self._send("POST", "/api/projects", json_body=body))

    def update_project(self, project_id: str, **fields: Any) -> Project:
        """name, description, or archived=True/False."""
        return Project.parse(self._send("PATCH", f"/api/projects/{self._id(project_id)}", json_body=fields))

    def delete_project(self, project_id: str, traces: str = "personal") -> int:
        """Its traces become personal ("personal") or are deleted ("delete", restorable for 30 days);
        returns how many."""
        res = self._send("DELETE", f"/api/projects/{self._id(project_id)}", query={"traces": traces})
        return int(res["traces"])

    def context(self, project: Optional[str] = None, task: Optional[str] = None,
                max_tokens: Optional[int] = None) -> Briefing:
        query = {"project": project, "task": task, "max_tokens": max_tokens}
        return Briefing.parse(self._send("GET", "/api/context", query=query))

    # Tags

    def list_tags(self) -> List[Dict[str, Any]]:
        """Every tag with how many active traces carry it (``name``, ``count``), most used first."""
        return list(self._send("GET", "/api/tags"))

    def rename_tag(self, tag: str, name: str) -> Dict[str, Any]:
        """Renames a tag on every trace; ConflictError (``tag_exists``) when the name is taken: merge instead."""
        return self._send("PATCH", f"/api/tags/{self._id(tag)}", json_body={"name": name})

    def merge_tags(self, tags: List[str], into: str) -> Dict[str, Any]:
        """Every trace carrying one of ``tags`` carries ``into`` instead, once."""
        return self._send("POST", "/api/tags/merge", json_body={"tags": tags, "into": into})

    def delete_tag(self, tag: str) -> Dict[str, Any]:
        """Removes a tag from every trace; the traces stay."""
        return self._send("DELETE", f"/api/tags/{self._id(tag)}")

    # Export and import

    def export_account(self, format: str = "json", include_history: bool = False) -> Union[Dict[str, Any], bytes]:
        """The account: parsed Cairn JSON for format="json" (with include_history, each trace's
        earlier versions too), else the file's bytes ("markdown": a .zip of notes, "mcp-memory": JSON lines)."""
        if format == "json":
            query: Dict[str, Any] = {"format": "json"}
            if include_history:
                query["include_history"] = True
            return self._send("GET", "/api/account/export", query=query)
        return self._send("GET", "/api/account/export", query={"format": format}, raw=True)

    def upload_import(self, file: Body, name: Optional[str] = None, interval: float = 1.0) -> ImportJob:
        """Uploads a file to import and returns its complete preview; nothing is saved until
        start_import. A large file is answered while still being read (status "staging"): this polls
        until it is ready (or failed). The upload itself is never resent (may_retry)."""
        job = ImportJob.parse(self._send("POST", "/api/account/import/jobs", query={"name": name}, body=file))
        while job.status == "staging":
            time.sleep(interval)
            job = self.get_import(job.id)
        return job

    def list_imports(self) -> List[ImportJob]:
        return [ImportJob.parse(j) for j in self._send("GET", "/api/account/import/jobs")["jobs"]]

    def get_import(self, job_id: str) -> ImportJob:
        return ImportJob.parse(self._send("GET", f"/api/account/import/jobs/{self._id(job_id)}"))

    def import_items(self, job_id: str, kind: Optional[str] = None, after: int = 0, limit: int = 100) -> Dict[str, Any]:
        res = self._send("GET", f"/api/account/import/jobs/{self._id(job_id)}/items",
                         query={"kind": kind, "after": after, "limit": limit})
        return {"items": [ImportItem.parse(i) for i in res["items"]], "next_after": res["next_after"]}

    def iterate_import_items(self, job_id: str, kind: Optional[str] = None) -> Iterator[ImportItem]:
        """The per-item report of an import, every item."""
        after: Optional[int] = 0
        while after is not None:
            page = self.import_items(job_id, kind=kind, after=after, limit=500)
            yield from page["items"]
            after = page["next_after"]

    def start_import(self, job_id: str, skip_near_duplicates: bool = False) -> ImportJob:
        return ImportJob.parse(self._send("POST", f"/api/account/import/jobs/{self._id(job_id)}/start",
                                          json_body={"skip_near_duplicates": skip_near_duplicates}))

    def cancel_import(self, job_id: str) -> ImportJob:
        return ImportJob.parse(self._send("POST", f"/api/account/import/jobs/{self._id(job_id)}/cancel"))

    def wait_for_import(self, job_id: str, interval: float = 1.0) -> ImportJob:
        """Polls a started import until it is done, cancelled or failed."""
        while True:
            job = self.get_import(job_id)
            if job.status in ("done", "cancelled", "failed"):
                return job
            time.sleep(interval)
