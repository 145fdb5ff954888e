import {
  type BriefingItem,
  CONTEXT_LIMITS,
  ContextRequest,
  type ContextResponse,
} from '../../../contract/context.js';
import { ALL_PROJECTS } from '../../../contract/projects.js';
import type { Db } from '../../db/db.js';
import { type Principal, requireScope } from '../../http/principal.js';
import { parseInput } from '../../http/validation.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SearchService } from '../search/search.service.js';
import type { BriefingRow, TracesService } from '../traces/traces.service.js';

/** Share of the budget each part may take before what is left is handed out in order (ADR 0030). */
const SHARES = { withTask: { essential: 0.5, usual: 0.25 }, withoutTask: { essential: 0.6, usual: 0.4 } };

/** Estimated tokens of a text: characters / 4, rounded up (CONTEXT_LIMITS.charsPerToken). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CONTEXT_LIMITS.charsPerToken);
}

/** The start of a text on one line, at most `max` characters (an ellipsis when cut). */
export function snippetOf(content: string, max: number = CONTEXT_LIMITS.snippetMax): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max - 1).trimEnd()}…`;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newer = (a: BriefingRow, b: BriefingRow) => b.updated_at.getTime() - a.updated_at.getTime();

function itemOf(row: BriefingRow, why: BriefingItem['why']): BriefingItem {
  return {
    id: row.id,
    title: row.title ?? snippetOf(row.content, 60),
    snippet: snippetOf(row.content),
    why,
    importance: row.importance,
    pinned: row.pinned,
    project: row.project,
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The briefing's parts in their order (ADR 0030): pinned, then high importance (each most used
 * first, then newest, then id); then the most used and the most recent, taken in turn; then the
 * task's search results in their ranking. Each trace appears once, in its first part.
 */
export function briefingParts(
  rows: readonly BriefingRow[],
  relevant: readonly BriefingItem[],
): BriefingItem[][] {
  const essential = rows
    .filter((r) => r.section === 'essential')
    .sort(
      (a, b) =>
        Number(b.pinned) - Number(a.pinned) || b.access_count - a.access_count || newer(a, b) || byId(a, b),
    )
    .map((r) => itemOf(r, r.pinned ? 'pinned' : 'important'));
  const used = rows
    .filter((r) => r.section === 'used')
    .sort((a, b) => b.access_count - a.access_count || newer(a, b) || byId(a, b));
  const recent = rows.filter((r) => r.section === 'recent').sort((a, b) => newer(a, b) || byId(a, b));
  const usual: BriefingItem[] = [];
  for (let i = 0; i < Math.max(used.length, recent.length); i++) {
    if (used[i]) usual.push(itemOf(used[i]!, 'most_used'));
    if (recent[i]) usual.push(itemOf(recent[i]!, 'recent'));
  }
  const seen = new Set<string>();
  const once = (items: BriefingItem[]) =>
    items.filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  return [once(essential), once(usual), once([...relevant])];
}

/**
 * Fits the parts to the budget: each part first up to its share (an item that does not fit is
 * skipped, a smaller one after it may), then what is left goes to the items not yet taken, in
 * part order. The answer keeps part order. Pure and deterministic.
 */
export function fitToBudget(
  parts: readonly BriefingItem[][],
  maxTokens: number,
  shares: readonly number[],
): { items: BriefingItem[]; used: number; omitted: number } {
  const cost = (item: BriefingItem) => estimateTokens(JSON.stringify(item));
  const taken = parts.map(() => new Set<string>());
  let used = 0;
  const take = (p: number, cap: number) => {
    let partUsed = 0;
    for (const item of parts[p]!) {
      if (taken[p]!.has(item.id)) continue;
      const c = cost(item);
      if (partUsed + c > cap || used + c > maxTokens) continue;
      taken[p]!.add(item.id);
      partUsed += c;
      used += c;
    }
  };
  parts.forEach((_, p) => take(p, Math.floor(maxTokens * (shares[p] ?? 1))));
  parts.forEach((_, p) => take(p, maxTokens));
  const items = parts.flatMap((part, p) => part.filter((item) => taken[p]!.has(item.id)));
  const total = parts.reduce((n, part) => n + part.length, 0);
  return { items, used, omitted: total - items.length };
}

/** The session briefing: MCP `context` (tool and prompt) and GET /api/context. */
export function createContextService(deps: {
  db: Db;
  traces: Pick<TracesService, 'briefingIn'>;
  search: Pick<SearchService, 'search'>;
  projects: Pick<ProjectsService, 'scopeIn'>;
}) {
  const { db } = deps;
  return {
    async briefing(
      principal: Principal,
      request: ContextRequest,
      options: { signal?: AbortSignal } = {},
    ): Promise<ContextResponse> {
      requireScope(principal, 'read:traces');
      const input = parseInput(ContextRequest, request);
      const { userId } = principal;
      // A workspace with no project yet is briefed on the personal traces (unknown: 'empty').
      const rows = await db.asUser(userId, async (tx) => {
        const scope = await deps.projects.scopeIn(tx, principal, input.project, { unknown: 'empty' });
        return deps.traces.briefingIn(tx, userId, scope);
      });
      const relevant: BriefingItem[] = [];
      if (input.task) {
        // The same search as the search tool, in the same scope; a briefing is no retrieval, so
        // nothing is counted (most used would otherwise feed itself).
        const found = await deps.search.search(
          principal,
          {
            query: input.task,
            limit: CONTEXT_LIMITS.taskResults,
            ...(input.project ? { project: input.project } : {}),
          },
          { ...options, unknownProject: 'empty', countAccess: false },
        );
        for (const r of found.results) {
          relevant.push({
            id: r.id,
            title: r.title ?? snippetOf(r.content, 60),
            snippet: snippetOf(r.content),
            why: 'relevant',
            importance: r.importance,
            pinned: r.pinned,
            project: r.project,
            updated_at: r.updated_at,
          });
        }
      }
      const share = input.task ? SHARES.withTask : SHARES.withoutTask;
      const { items, used, omitted } = fitToBudget(briefingParts(rows, relevant), input.max_tokens, [
        share.essential,
        share.usual,
        1,
      ]);
      const project =
        principal.project?.name ?? (input.project && input.project !== ALL_PROJECTS ? input.project : null);
      return { project, max_tokens: input.max_tokens, used_tokens: used, items, omitted };
    },
  };
}

export type ContextService = ReturnType<typeof createContextService>;

/** The briefing as Markdown: what a SessionStart hook prints and the MCP prompt hands over. */
export function briefingText(briefing: ContextResponse): string {
  const head = `# Cairn memory briefing${briefing.project ? ` for ${briefing.project}` : ''}`;
  if (!briefing.items.length) {
    return `${head}\n\nNothing saved yet for this scope. Save lasting decisions and conventions with the create tool.`;
  }
  const lines = briefing.items.map(
    (i) =>
      `- [${i.why.replace('_', ' ')}] **${i.title}** (id ${i.id}${i.project ? `, ${i.project}` : ''}): ${i.snippet}`,
  );
  return [
    head,
    '',
    'What to know before starting (use the fetch tool with an id to read a memory in full):',
    ...lines,
    ...(briefing.omitted
      ? ['', `${briefing.omitted} more left out for the budget; search for them by topic.`]
      : []),
  ].join('\n');
}
