import type { Principal } from '../../http/principal.js';

/** Same words for someone else's id, a deleted id and a malformed one: nothing to learn. */
export const TRACE_NOT_FOUND = 'Trace not found';

/** A project-limited credential sees its project's traces only: anything else is "not found". */
export function visibleTo(
  principal: Pick<Principal, 'project'>,
  row: { project_id: string | null },
): boolean {
  return !principal.project || row.project_id === principal.project.id;
}
