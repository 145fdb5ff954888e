import type { Trace } from '../../../contract/traces.js';
import type { Principal } from '../../http/principal.js';
import { toActor } from './provenance.js';
import type { TraceRow } from './traces.repo.js';
import { visibleTo } from './trace-visibility.js';

/**
 * A row as the API shows it to `reader`. A trace may be replaced by one in another project (a
 * whole-account credential may link any two): a project-limited reader is not told that one's id
 * or title, as it is told nothing else of it (ADR 0029); for it the link is null, as for a
 * replacement since deleted.
 */
export function toTrace(row: TraceRow, reader: Pick<Principal, 'project'>): Trace {
  const replacement = row.replacement && visibleTo(reader, row.replacement) ? row.replacement : null;
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
    superseded_by: replacement && { id: replacement.id, title: replacement.title },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: toActor(row.created_via, row.created_by_id, row.created_by_name),
    updated_by: toActor(row.updated_via, row.updated_by_id, row.updated_by_name),
  };
}
