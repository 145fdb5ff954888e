import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type CairnApi, CairnError, type Related, type SearchHit, type Trace } from './cairn-api.js';

/**
 * The same seven tools, names, inputs and answer shapes as Cairn's remote MCP endpoint (/mcp), so
 * an assistant behaves the same whichever way it is connected. Copied, not imported: this package
 * is published on its own and must not depend on the server's code.
 */

const CATEGORIES = ['personal', 'work', 'preference', 'fact', 'context'] as const;
const IMPORTANCES = ['low', 'medium', 'high'] as const;
const LIMITS = { searchDefault: 10, searchMax: 20, queryMax: 1000, snippetMax: 300, titleMax: 200 } as const;
const UNTITLED = 'Untitled Trace';
const OUTDATED_HINT =
  'Memories on the same subject exist (listed in possibly_outdated): if this one makes any of them no ' +
  'longer true, call supersede with their ids.';
/** The most older traces one create or supersede may mark replaced. */
const SUPERSEDE_MAX = 20;

const Id = z.string().max(100).describe('The id of the trace (from search or create)');
const Category = z.enum(CATEGORIES).describe('Left out: chosen automatically');
const Importance = z.enum(IMPORTANCES).describe('Left out: chosen automatically');
const Tags = z.array(z.string().max(50)).max(20).describe('Short lower-case keywords');
const Project = z
  .string()
  .max(100)
  .describe(
    'The project you work in: the repository or workspace name (e.g. "acme/api"). Finds that project\'s memories ' +
      'and the personal ones, never another project\'s; "*" searches every project. Left out: every memory.',
  );
const BRIEFING = { tokensMin: 100, tokensMax: 8000, tokensDefault: 1500 } as const;

type Logger = (message: string) => void;

export function registerTools(server: McpServer, api: CairnApi, baseUrl: string, log: Logger): void {
  const url = (id: string) => `${baseUrl}/app/traces/${id}`;
  const summary = (t: Trace) => ({
    id: t.id,
    title: t.title || UNTITLED,
    url: url(t.id),
    category: t.category,
    importance: t.importance,
    tags: t.tags,
    created_at: t.created_at,
    updated_at: t.updated_at,
    ...(t.superseded_at ? { superseded_at: t.superseded_at } : {}),
  });
  const related = (r: Related) => ({
    id: r.id,
    title: r.title || UNTITLED,
    url: url(r.id),
    similarity: r.similarity,
    found_by: r.found_by,
  });
  const item = (h: SearchHit) => ({
    id: h.id,
    title: h.title || UNTITLED,
    url: url(h.id),
    snippet: h.snippet ?? snippet(h.content),
    ...(h.relevance === undefined ? {} : { relevance: Math.round(h.relevance * 1000) / 1000 }),
    category: h.category,
    importance: h.importance,
    tags: h.tags,
    created_at: h.created_at,
    ...(h.weak ? { weak: true } : {}),
    ...(h.superseded_at ? { superseded: true } : {}),
  });
  const run = async (work: () => Promise<Record<string, unknown>>, structured: boolean) => {
    try {
      return json(await work(), structured);
    } catch (err) {
      return failure(err, log);
    }
  };

  server.registerTool(
    'search',
    {
      title: 'Search memory',
      description:
        "Search the user's Cairn memory (notes, preferences, facts, project context) and return the best " +
        'matching traces with an id, title, link, a short snippet and a relevance (0-1). When nothing is ' +
        'clearly relevant, the closest few come back marked "weak": check them before relying on them. ' +
        'Use fetch with an id to read a whole trace.',
      inputSchema: {
        query: z.string().min(1).max(LIMITS.queryMax).describe('What to look for'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(LIMITS.searchMax)
          .optional()
          .describe('How many results (default 10)'),
        project: Project.optional(),
        include_superseded: z
          .boolean()
          .optional()
          .describe(
            'Also search memories a newer one replaced (marked superseded), e.g. to answer what was true before',
          ),
      },
      annotations: { title: 'Search memory', readOnlyHint: true, openWorldHint: false },
    },
    ({ query, limit, project, include_superseded }) =>
      run(async () => {
        const { results, message } = await api.search(
          query.trim(),
          limit ?? LIMITS.searchDefault,
          project,
          include_superseded,
        );
        // An empty or weak answer says why, so the assistant does not take silence for an error.
        return { results: results.map(item), ...(message ? { message } : {}) };
      }, true),
  );

  server.registerTool(
    'fetch',
    {
      title: 'Read a memory',
      description:
        'Read one trace of Cairn memory in full by its id (from search): title, text, link and metadata ' +
        '(category, importance, tags, created and updated times, what created and last changed it ' +
        '(the web app, an API key, an assistant or an import, by name), what replaced it if it is superseded, ' +
        'and the older traces it replaced, if any).',
      inputSchema: {
        id: Id,
        project: Project.optional().describe(
          'The project you work in: a trace of another project is then not found (personal ones are)',
        ),
      },
      annotations: { title: 'Read a memory', readOnlyHint: true, openWorldHint: false },
    },
    ({ id, project }) =>
      run(async () => {
        const t = await api.get(id.trim(), project);
        return {
          id: t.id,
          title: t.title || UNTITLED,
          text: t.content,
          url: url(t.id),
          metadata: {
            category: t.category,
            importance: t.importance,
            tags: t.tags,
            project: t.project ?? null,
            pinned: t.pinned ?? false,
            created_at: t.created_at,
            updated_at: t.updated_at,
            created_by: t.created_by ?? null,
            updated_by: t.updated_by ?? null,
            ...(t.superseded_at
              ? {
                  superseded_at: t.superseded_at,
                  superseded_by: t.superseded_by
                    ? {
                        id: t.superseded_by.id,
                        title: t.superseded_by.title || UNTITLED,
                        url: url(t.superseded_by.id),
                      }
                    : null,
                }
              : {}),
            ...(t.replaces?.length
              ? {
                  replaces: t.replaces.map((r) => ({ id: r.id, title: r.title || UNTITLED, url: url(r.id) })),
                }
              : {}),
          },
        };
      }, false),
  );

  server.registerTool(
    'context',
    {
      title: 'Briefing for this session',
      description:
        'Call at the start of a session in a project: what to know before working there, within a token ' +
        'budget. Pinned and high-importance memories first, then the most used and most recent, then those ' +
        'relevant to `task`; each with its id (use fetch to read one in full). Pass the repository or ' +
        'workspace name as `project`.',
      inputSchema: {
        project: Project.optional(),
        task: z
          .string()
          .max(LIMITS.queryMax)
          .optional()
          .describe('What you are about to do, in a sentence: memories relevant to it are added'),
        max_tokens: z
          .number()
          .int()
          .min(BRIEFING.tokensMin)
          .max(BRIEFING.tokensMax)
          .optional()
          .describe(`The budget in tokens, estimated as characters / 4 (default ${BRIEFING.tokensDefault})`),
      },
      annotations: { title: 'Briefing for this session', readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      try {
        const { briefing, text } = await api.context(input);
        return { content: [{ type: 'text', text }], structuredContent: briefing };
      } catch (err) {
        return failure(err, log);
      }
    },
  );

  server.registerTool(
    'create',
    {
      title: 'Save a memory',
      description:
        "Save a new trace to the user's Cairn memory. Title and content are required; category (personal, " +
        'work, preference, fact, context), importance (low, medium, high) and tags are filled in automatically ' +
        'when left out. Saving content that is already stored returns the existing trace.',
      inputSchema: {
        title: z
          .string()
          .min(1)
          .max(LIMITS.titleMax)
          .describe('A short title saying what the memory is about'),
        content: z.string().min(1).describe('The memory itself, self-contained'),
        category: Category.optional(),
        importance: Importance.optional(),
        tags: Tags.optional(),
        project: Project.optional().describe(
          'The project you work in (the repository or workspace name, e.g. "acme/api"): a new name creates the ' +
            'project. Left out: a personal memory, seen in every project. Use it for what belongs to this project only',
        ),
        pinned: z
          .boolean()
          .optional()
          .describe('Pin it: it then leads every briefing (context) of its project'),
        supersedes: z
          .array(Id)
          .max(SUPERSEDE_MAX)
          .optional()
          .describe(
            'Ids of older memories this one replaces (a fact that changed): they are kept but leave search and the briefing',
          ),
      },
      annotations: {
        title: 'Save a memory',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (input) =>
      run(async () => {
        const { trace, created } = await api.create(input);
        const similar = trace.similar ?? [];
        const outdated = trace.possibly_outdated ?? [];
        return {
          status: created ? 'created' : 'duplicate',
          message: created
            ? [
                'Saved to memory.',
                ...(similar.length
                  ? [
                      'Similar memories already exist (listed in similar): consider updating one of them instead of keeping both.',
                    ]
                  : []),
                ...(outdated.length ? [OUTDATED_HINT] : []),
              ].join(' ')
            : 'Not saved again: a trace with the same content already exists; here it is.',
          trace: summary(trace),
          ...(similar.length ? { similar: similar.map(related) } : {}),
          ...(outdated.length ? { possibly_outdated: outdated.map(related) } : {}),
        };
      }, true),
  );

  server.registerTool(
    'update',
    {
      title: 'Edit a memory',
      description:
        'Change an existing trace: only the fields sent change (title, content, category, importance, tags). ' +
        'Use it to correct or extend a memory instead of saving a near copy.',
      inputSchema: {
        id: Id,
        title: z.string().max(LIMITS.titleMax).optional(),
        content: z.string().optional(),
        category: Category.optional(),
        importance: Importance.optional(),
        tags: Tags.optional(),
        project: Project.nullable()
          .optional()
          .describe('Move it to this project (a new name creates it), or null: make it personal'),
        pinned: z.boolean().optional().describe('Pin it (it then leads every briefing) or unpin it'),
      },
      annotations: {
        title: 'Edit a memory',
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ id, ...patch }) =>
      run(async () => {
        const trace = await api.update(id.trim(), patch);
        const outdated = trace.possibly_outdated ?? [];
        return {
          status: 'updated',
          ...(outdated.length ? { message: OUTDATED_HINT } : {}),
          trace: summary(trace),
          ...(outdated.length ? { possibly_outdated: outdated.map(related) } : {}),
        };
      }, true),
  );

  server.registerTool(
    'supersede',
    {
      title: 'Mark memories replaced',
      description:
        'Mark older memories as replaced by a newer one, when a fact changed (the user moved, changed a plan ' +
        'or a preference). They are kept, never deleted, but leave search and the briefing; search with ' +
        'include_superseded reaches them. Save the new memory first (or pass supersedes to create).',
      inputSchema: {
        ids: z.array(Id).min(1).max(SUPERSEDE_MAX).describe('The older memories that no longer hold'),
        by: Id.describe('The id of the newer memory that replaces them'),
      },
      annotations: {
        title: 'Mark memories replaced',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ ids, by }) =>
      run(async () => {
        const marked = await api.supersede(
          ids.map((id) => id.trim()),
          by.trim(),
        );
        return { status: 'superseded', by: by.trim(), superseded: marked.map(summary) };
      }, true),
  );

  server.registerTool(
    'delete',
    {
      title: 'Forget a memory',
      description: 'Delete a trace from Cairn memory. Only when the user asks to forget something.',
      inputSchema: { id: Id },
      annotations: {
        title: 'Forget a memory',
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ id }) =>
      run(async () => {
        await api.remove(id.trim());
        return { status: 'deleted', id: id.trim() };
      }, true),
  );
}

function json(value: Record<string, unknown>, structured: boolean): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: JSON.stringify(value) }] };
  if (structured) result.structuredContent = value;
  return result;
}

function failure(err: unknown, log: Logger): CallToolResult {
  const text = err instanceof CairnError ? err.message : 'Internal error in cairn-mcp; see its log';
  if (!(err instanceof CairnError))
    log(`unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return { content: [{ type: 'text', text }], isError: true };
}

/** The start of the content (servers without ranked search send no snippet). */
export function snippet(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= LIMITS.snippetMax) return flat;
  let cut = LIMITS.snippetMax - 1;
  if (/[\udc00-\udfff]/.test(flat.charAt(cut))) cut--;
  return `${flat.slice(0, cut)}…`;
}
