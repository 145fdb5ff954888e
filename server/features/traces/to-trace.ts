import type { Trace } from '../../../contract/traces.js';
import { toActor } from './provenance.js';
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
    created_by: toActor(row.created_via, row.created_by_id, row.created_by_name),
    updated_by: toActor(row.updated_via, row.updated_by_id, row.updated_by_name),
  };
}
