import type { Trace } from '../../../contract/traces.js';
import type { TraceRow } from './traces.repo.js';

/** A row as the API shows it. */
export function toTrace(row: TraceRow): Trace {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category: row.category,
    importance: row.importance,
    tags: row.tags,
    access_count: row.access_count,
    source: row.source,
    project: row.project,
    pinned: row.pinned,
    superseded_at: row.superseded_at?.toISOString() ?? null,
    superseded_by: row.replacement,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
