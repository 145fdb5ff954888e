import type { CallToolResult } from '@modelcontextprotocol/server';
import type { SearchResult } from '../../../contract/search.js';
import type { Trace, TraceDetail } from '../../../contract/traces.js';
import { AppError } from '../../http/errors.js';

/**
 * What the tools answer. `search` and `fetch` follow ChatGPT's fixed shapes exactly (one text
 * item holding JSON: `{"results":[{"id","title","url"}]}` and `{"id","title","text","url",
 * "metadata"}`); anything extra for other assistants comes after the required keys.
 */

/** The label for a trace without a title, as the dashboard's "Recent Traces" shows it. */
export const UNTITLED = 'Untitled Trace';

/** Where a person opens the trace in the web app (the citation link assistants show). */
export function traceUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/app/traces/${id}`;
}

export type SearchItem = {
  id: string;
  title: string;
  url: string;
  snippet: string;
  /** 0–1, the same scale for every query (ADR 0008). */
  relevance: number;
  category: string;
  importance: string;
  tags: string[];
  /** The project it belongs to; null: personal (ADR 0029). */
  project: string | null;
  created_at: string;
  /** Listed although below min_relevance: nothing reached it (contract/search.ts). */
  weak?: true;
  /** A newer trace replaced it (ADR 0034); only searched with include_superseded. */
  superseded?: true;
};

export function searchItem(publicUrl: string, r: SearchResult): SearchItem {
  // Key order matters to readers of the JSON text: ChatGPT's three keys first.
  return {
    id: r.id,
    title: r.title || UNTITLED,
    url: traceUrl(publicUrl, r.id),
    snippet: r.snippet,
    relevance: Math.round(r.relevance * 1000) / 1000,
    category: r.category,
    importance: r.importance,
    tags: r.tags,
    project: r.project,
    created_at: r.created_at,
    ...(r.weak ? { weak: true as const } : {}),
    // Only with include_superseded: a memory a newer one replaced, to be read as history.
    ...(r.superseded_at ? { superseded: true as const } : {}),
  };
}

export type FetchDocument = {
  id: string;
  title: string;
  text: string;
  url: string;
  metadata: {
    category: string;
    importance: string;
    tags: string[];
    project: string | null;
    pinned: boolean;
    created_at: string;
    updated_at: string;
    /** Which app, key, assistant or import wrote it (ADR 0033); null: not known. */
    created_by: Trace['created_by'];
    updated_by: Trace['updated_by'];
    /** Set when a newer trace replaced it (ADR 0034): it no longer holds. */
    superseded_at?: string;
    superseded_by?: { id: string; title: string; url: string } | null;
    /** The older traces this one replaced (ADR 0034), newest first; left out when none. */
    replaces?: { id: string; title: string; url: string }[];
  };
};

export function fetchDocument(
  publicUrl: string,
  t: Trace & Partial<Pick<TraceDetail, 'replaces'>>,
): FetchDocument {
  return {
    id: t.id,
    title: t.title || UNTITLED,
    text: t.content,
    url: traceUrl(publicUrl, t.id),
    metadata: {
      category: t.category,
      importance: t.importance,
      tags: t.tags,
      project: t.project,
      pinned: t.pinned,
      created_at: t.created_at,
      updated_at: t.updated_at,
      created_by: t.created_by,
      updated_by: t.updated_by,
      ...(t.superseded_at
        ? {
            superseded_at: t.superseded_at,
            superseded_by: t.superseded_by && {
              id: t.superseded_by.id,
              title: t.superseded_by.title || UNTITLED,
              url: traceUrl(publicUrl, t.superseded_by.id),
            },
          }
        : {}),
      ...(t.replaces?.length
        ? {
            replaces: t.replaces.map((r) => ({
              id: r.id,
              title: r.title || UNTITLED,
              url: traceUrl(publicUrl, r.id),
            })),
          }
        : {}),
    },
  };
}

/** A trace as create/update answer it: everything but the content the assistant just sent. */
export function traceSummary(publicUrl: string, t: Trace) {
  return {
    id: t.id,
    title: t.title || UNTITLED,
    url: traceUrl(publicUrl, t.id),
    category: t.category,
    importance: t.importance,
    tags: t.tags,
    project: t.project,
    pinned: t.pinned,
    created_at: t.created_at,
    updated_at: t.updated_at,
    ...(t.superseded_at ? { superseded_at: t.superseded_at } : {}),
  };
}

/** Exactly one text item holding the JSON; `structured` also sets structuredContent to it. */
export function jsonResult(value: Record<string, unknown>, structured = false): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: JSON.stringify(value) }] };
  if (structured) result.structuredContent = value;
  return result;
}

/**
 * A failed call the model can read and act on (MCP: tool errors are results with isError, not
 * protocol errors). Service errors carry the product's user-facing wording; anything else is logged, not shown.
 */
export function toolError(err: unknown, log: { error(obj: unknown, msg: string): void }): CallToolResult {
  let text: string;
  if (err instanceof AppError && err.status < 500) {
    const details = err.details?.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ');
    text = details && !err.message.includes(details) ? `${err.message} (${details})` : err.message;
  } else {
    log.error({ err }, 'MCP tool failed');
    text = 'Internal error: the request could not be completed. Try again later.';
  }
  return { content: [{ type: 'text', text }], isError: true };
}
