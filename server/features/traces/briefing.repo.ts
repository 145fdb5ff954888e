import type { Importance } from '../../../contract/traces.js';
import type { SqlParam, Tx } from '../../db/db.js';
import type { ProjectScope } from '../projects/projects.service.js';

export type BriefingRow = {
  id: string;
  title: string | null;
  content: string;
  importance: Importance;
  pinned: boolean;
  access_count: number;
  project: string | null;
  updated_at: Date;
  /** Which list found it: pinned or high importance, most used, most recent. */
  section: 'essential' | 'used' | 'recent';
};

/** How many rows each list of the briefing reads at most: far more than any budget can show. */
export const BRIEFING_ROWS = { essential: 60, used: 30, recent: 30 } as const;

/**
 * The session briefing's candidates (docs/decisions/0030-session-briefing.md), in one statement:
 * pinned and high-importance traces, the most used, the most recent, each list in a total order
 * (ties by id), within the scope. The caller removes repeats and fits them to the budget.
 */
export const briefingRepo = {
  async candidates(tx: Tx, userId: string, scope: ProjectScope): Promise<BriefingRow[]> {
    const params: SqlParam[] = [userId, BRIEFING_ROWS.essential, BRIEFING_ROWS.used, BRIEFING_ROWS.recent];
    // A superseded trace (ADR 0034) no longer holds: never briefed.
    let where = 't.user_id = $1 AND t.is_active AND t.superseded_at IS NULL';
    if (scope) {
      params.push(scope.projectId);
      where += scope.withPersonal
        ? ` AND (t.project_id = $${params.length} OR t.project_id IS NULL)`
        : ` AND t.project_id = $${params.length}`;
    }
    const columns = `t.id, t.title, t.content, t.importance, t.pinned, t.access_count, t.updated_at,
      (SELECT p.name FROM projects p WHERE p.id = t.project_id AND p.user_id = t.user_id) AS project`;
    return tx.query<BriefingRow>(
      `(SELECT ${columns}, 'essential' AS section FROM traces t
         WHERE ${where} AND (t.pinned OR t.importance = 'high')
         ORDER BY t.pinned DESC, t.access_count DESC, t.updated_at DESC, t.id LIMIT $2)
       UNION ALL
       (SELECT ${columns}, 'used' AS section FROM traces t
         WHERE ${where} AND t.access_count > 0
         ORDER BY t.access_count DESC, t.updated_at DESC, t.id LIMIT $3)
       UNION ALL
       (SELECT ${columns}, 'recent' AS section FROM traces t
         WHERE ${where}
         ORDER BY t.updated_at DESC, t.id LIMIT $4)`,
      params,
    );
  },
};
