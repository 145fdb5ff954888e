import { z } from 'zod';
import { ALL_PROJECTS, PERSONAL_ONLY, ProjectName } from './projects.js';
import { ActorKind, TraceActor } from './provenance.js';

/**
 * Traces: one memory each. These schemas are the single source for request
 * validation, response shapes and the OpenAPI document; the web app and the MCP tools import the
 * same types.
 */

export const CATEGORIES = ['personal', 'work', 'preference', 'fact', 'context'] as const;
export const IMPORTANCES = ['low', 'medium', 'high'] as const;
/** How the list can be sorted; ties go newest first. `newest` is the default. */
export const TRACE_SORTS = ['newest', 'oldest', 'most_used', 'importance'] as const;
export type TraceSort = (typeof TRACE_SORTS)[number];
export const TRACE_SOURCES = ['web', 'api', 'mcp', 'import'] as const;

/** Size limits (ADR 0005): chosen here, enforced by the server, never truncated. */
export const TRACE_LIMITS = {
  titleMax: 200,
  contentMax: 20_000,
  tagsMax: 20,
  tagMax: 50,
  pageSizeDefault: 12,
  pageSizeMax: 100,
  /** Ids a list request may leave out: the most a ranked search returns (SEARCH_LIMITS.limitMax). */
  excludeMax: 50,
} as const;

export const Category = z.enum(CATEGORIES);
export type Category = z.infer<typeof Category>;
export const Importance = z.enum(IMPORTANCES);
export type Importance = z.infer<typeof Importance>;
export const TraceSource = z.enum(TRACE_SOURCES);
export type TraceSource = z.infer<typeof TraceSource>;

/** A link to another trace: what the web app and an assistant need to follow it. */
const ReplacementRef = z.object({ id: z.uuid(), title: z.string().nullable() });

/** The most older traces one create or one supersede call may mark replaced (ADR 0034). */
export const SUPERSEDE_MAX = 20;

/** Ids of traces a new one replaces (create's `supersedes`): each once, at most SUPERSEDE_MAX. */
export const SupersededIds = z
  .array(z.uuid({ error: 'supersedes must list trace ids' }), {
    error: 'supersedes must be a list of trace ids',
  })
  .max(SUPERSEDE_MAX, `supersedes may list at most ${SUPERSEDE_MAX} traces`)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

export const TraceSchema = z
  .object({
    id: z.uuid(),
    title: z.string().nullable(),
    content: z.string(),
    category: Category,
    importance: Importance,
    tags: z.array(z.string()),
    access_count: z.number().int(),
    source: TraceSource,
    project: z
      .string()
      .nullable()
      .describe('The project it belongs to; null: personal, seen in every project'),
    pinned: z.boolean().describe('Pinned traces lead the session briefing (MCP context)'),
    superseded_at: z
      .string()
      .nullable()
      .describe(
        'ISO 8601; set when a newer trace replaced this one: it then leaves search and the briefing (include_superseded reaches it)',
      ),
    superseded_by: ReplacementRef.nullable().describe(
      'The trace that replaced this one, while it exists (null when not superseded, or the replacement was deleted)',
    ),
    created_at: z.string().describe('ISO 8601'),
    updated_at: z.string().describe('ISO 8601'),
    created_by: TraceActor.nullable().describe(
      'What created it (ADR 0033); null: not known (written before provenance was kept)',
    ),
    updated_by: TraceActor.nullable().describe('What last wrote it, its creation included; null: not known'),
  })
  .meta({ id: 'Trace' });
export type Trace = z.infer<typeof TraceSchema>;

/** The most older traces one trace's answer names as replaced by it (newest first). */
export const REPLACES_MAX = 20;

/** One trace by id (GET /api/traces/{id}, MCP fetch): the trace, and what it replaced (ADR 0034). */
export const TraceDetail = TraceSchema.extend({
  replaces: z
    .array(ReplacementRef)
    .max(REPLACES_MAX)
    .describe(
      `The active traces this one replaced (each one's superseded_by is this trace), newest first, at most ${REPLACES_MAX}; ` +
        "only those the credential may read (a project-limited key: its project's)",
    ),
}).meta({ id: 'TraceDetail' });
export type TraceDetail = z.infer<typeof TraceDetail>;

/**
 * Length in characters as people count them (Unicode code points), so an emoji is one character,
 * as in PostgreSQL's char_length. `.length` counts UTF-16 units and would call it two.
 */
export function characterCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

const maxChars = (max: number) => (s: string) => s.length <= max || characterCount(s) <= max;
// PostgreSQL text cannot hold U+0000: refuse it with a 400 rather than fail in the database.
const noNul = (s: string) => !s.includes('\u0000');

/**
 * One tag's text: trimmed, lower-cased, at most 50 characters. A comma is refused inside a tag:
 * the list filter (`?tags=a,b`) and the web form split on it.
 */
const TagText = z
  .string()
  .trim()
  .toLowerCase()
  .refine(maxChars(TRACE_LIMITS.tagMax), `Each tag must be at most ${TRACE_LIMITS.tagMax} characters`)
  .refine((t) => !t.includes(','), 'A tag cannot contain a comma')
  .refine(noNul, 'A tag cannot contain a NUL character');

/** Tags as people type them: each as TagText, de-duplicated, empties dropped. */
export const TagList = z
  .array(TagText)
  .transform((tags) => [...new Set(tags.filter((t) => t.length > 0))])
  .refine((tags) => tags.length <= TRACE_LIMITS.tagsMax, {
    message: `At most ${TRACE_LIMITS.tagsMax} tags are allowed`,
  });

/**
 * One tag, cleaned and checked exactly as a trace's tags are (trimmed, lower-cased, no comma),
 * named `field` in the message when it is missing.
 */
export const OneTag = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .pipe(TagText)
    .refine((t) => t.length > 0, `${field} is required`);

const Title = z
  .string({ error: 'Title must be text' })
  .trim()
  .refine(maxChars(TRACE_LIMITS.titleMax), `Title must be at most ${TRACE_LIMITS.titleMax} characters`)
  .refine(noNul, 'Title cannot contain a NUL character');
const Content = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'Content is required' : 'Content must be text',
  })
  .refine((s) => s.trim().length > 0, { message: 'Content is required', abort: true })
  .refine(maxChars(TRACE_LIMITS.contentMax), `Content must be at most ${TRACE_LIMITS.contentMax} characters`)
  .refine(noNul, 'Content cannot contain a NUL character');

/**
 * Create. Category, importance and tags may be left out (or category/importance sent as "auto"):
 * Cairn then fills them in (automatic categorisation, ADR 0007).
 */
export const CreateTraceRequest = z
  .object({
    title: Title.nullish(),
    content: Content,
    category: z.union([Category, z.literal('auto')]).optional(),
    importance: z.union([Importance, z.literal('auto')]).optional(),
    tags: TagList.optional(),
    project: ProjectName.nullish().describe(
      'The name of one of your projects; left out or null: personal. A project-limited key always writes to its project',
    ),
    pinned: z.boolean({ error: 'pinned must be true or false' }).optional(),
    supersedes: SupersededIds.optional().describe(
      'Ids of older traces this one replaces: they are kept but marked superseded, and leave search and the briefing',
    ),
  })
  .meta({ id: 'CreateTraceRequest' });
export type CreateTraceRequest = z.input<typeof CreateTraceRequest>;
export type CreateTraceInput = z.output<typeof CreateTraceRequest>;

/**
 * Edit: only the fields sent change; updated_at moves. Category or importance sent as "auto" is
 * suggested again from the trace's title and content as they are after this edit (ADR 0007).
 */
export const UpdateTraceRequest = z
  .object({
    title: Title.nullable().optional(),
    content: Content.optional(),
    category: z.union([Category, z.literal('auto')]).optional(),
    importance: z.union([Importance, z.literal('auto')]).optional(),
    tags: TagList.optional(),
    project: ProjectName.nullable()
      .optional()
      .describe('Moves the trace to this project (by name), or to personal with null'),
    pinned: z.boolean({ error: 'pinned must be true or false' }).optional(),
  })
  .refine((o) => Object.keys(o).length > 0, { message: 'Nothing to update: send at least one field' })
  .meta({ id: 'UpdateTraceRequest' });
export type UpdateTraceRequest = z.input<typeof UpdateTraceRequest>;
export type UpdateTraceInput = z.output<typeof UpdateTraceRequest>;

/** A near-duplicate found at create time: shown so the person can decide. */
export const SimilarTrace = z.object({
  id: z.uuid(),
  title: z.string().nullable(),
  snippet: z.string(),
  similarity: z.number().describe('0–1: trigram similarity (words) or cosine of the vectors (meaning)'),
  found_by: z.enum(['words', 'meaning']).describe('Found by shared words, or by meaning (the vectors)'),
});
export type SimilarTrace = z.infer<typeof SimilarTrace>;

/** GET /api/traces/{id}/similar: the near-duplicates kept for a trace (ADR 0018). */
export const SimilarTraces = z.object({ similar: z.array(SimilarTrace) }).meta({ id: 'SimilarTraces' });
export type SimilarTraces = z.infer<typeof SimilarTraces>;

/** The create answer: the row, plus dedup information. 201 when created, 200 for a duplicate. */
export const CreateTraceResponse = TraceSchema.extend({
  duplicate_of: z
    .uuid()
    .optional()
    .describe('Set when the content equals an existing active trace: that trace is returned'),
  similar: z.array(SimilarTrace).optional(),
  possibly_outdated: z
    .array(SimilarTrace)
    .optional()
    .describe(
      'Existing traces on the same subject that the new one may replace; mark one superseded if it no longer holds',
    ),
}).meta({ id: 'CreateTraceResponse' });

/** The edit answer: the row, and memories the new words may make outdated (ADR 0034). */
export const UpdateTraceResponse = TraceSchema.extend({
  possibly_outdated: z
    .array(SimilarTrace)
    .optional()
    .describe(
      'Existing traces on the same subject as the edited text; mark one superseded if it no longer holds',
    ),
}).meta({ id: 'UpdateTraceResponse' });
export type UpdateTraceResponse = z.infer<typeof UpdateTraceResponse>;

/** PUT /api/traces/{id}/superseded_by: the newer trace that replaces this one. */
export const SupersedeRequest = z
  .object({ id: z.uuid({ error: 'id must be the id of the trace that replaces this one' }) })
  .meta({ id: 'SupersedeRequest' });
export type SupersedeRequest = z.infer<typeof SupersedeRequest>;
export type CreateTraceResponse = z.infer<typeof CreateTraceResponse>;

// Control characters (NUL above all) cannot be sent to the database or occur in a search;
// tab, newline and carriage return can.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** A comma-separated query parameter as its items: trimmed, empties dropped, each once. */
function commaList(s: string | undefined, clean: (item: string) => string = (item) => item): string[] {
  return s
    ? [
        ...new Set(
          s
            .split(',')
            .map((item) => clean(item.trim()))
            .filter(Boolean),
        ),
      ]
    : [];
}

/**
 * The project filter of the list and search (ADR 0029): a name is that project's traces and the
 * personal ones (what an assistant working there sees); `*` or none, every trace; the empty name
 * (PERSONAL_ONLY), the personal traces only.
 */
export const ProjectFilter = z
  .union([z.literal(ALL_PROJECTS), z.literal(PERSONAL_ONLY), ProjectName])
  .describe(
    `A project name: that project's traces and personal ones (only the project's with project_only); ` +
      `${ALL_PROJECTS} or left out: every trace; empty (\`project=\`, a name no project can have): the personal traces only, those in no project`,
  );
/** project_only as a query parameter. */
export const ProjectOnlyFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'project_only must be true or false' })
  .transform((v) => v === 'true' || v === '1')
  .optional()
  .describe('With project: leave the personal traces out');

export const ListTracesQuery = z.object({
  project: ProjectFilter.optional(),
  project_only: ProjectOnlyFlag,
  search: z
    .string()
    .trim()
    .max(500, 'search must be at most 500 characters')
    .refine((s) => !CONTROL_CHARS.test(s), 'search cannot contain control characters')
    .optional(),
  category: Category.optional(),
  importance: Importance.optional(),
  created_by_kind: ActorKind.optional().describe(
    'Only traces created this way: web, api_key, oauth_client (an assistant) or import (ADR 0033)',
  ),
  sort: z.enum(TRACE_SORTS, { error: `sort must be one of ${TRACE_SORTS.join(', ')}` }).default('newest'),
  tags: z
    .string()
    .optional()
    .transform((s) => commaList(s, (t) => t.toLowerCase())),
  exclude: z
    .string()
    .optional()
    .transform((s) => commaList(s))
    .pipe(
      z
        .array(z.uuid({ error: 'exclude must be trace ids (UUIDs), comma-separated' }))
        .max(TRACE_LIMITS.excludeMax, `exclude can name at most ${TRACE_LIMITS.excludeMax} traces`),
    )
    .describe(
      'Comma-separated trace ids to leave out: the web app lists the traces that contain the search words after the ranked ones, without repeating them',
    ),
  page: z.coerce
    .number({ error: 'page must be a whole number of at least 1' })
    .int('page must be a whole number of at least 1')
    .min(1, 'page must be a whole number of at least 1')
    .max(Number.MAX_SAFE_INTEGER, 'page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${TRACE_LIMITS.pageSizeMax}` })
    .int(`pageSize must be a whole number from 1 to ${TRACE_LIMITS.pageSizeMax}`)
    .min(1, `pageSize must be a whole number from 1 to ${TRACE_LIMITS.pageSizeMax}`)
    .max(TRACE_LIMITS.pageSizeMax, `pageSize must be at most ${TRACE_LIMITS.pageSizeMax}`)
    .default(TRACE_LIMITS.pageSizeDefault),
});
export type ListTracesQuery = z.output<typeof ListTracesQuery>;

/** Spec section 3 "Trace list result". */
export const TraceListResponse = z
  .object({
    traces: z.array(TraceSchema),
    totalCount: z.number().int(),
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'TraceList' });
export type TraceListResponse = z.infer<typeof TraceListResponse>;

/** The dashboard's numbers plus a 30-day series for its chart. */
export const StatsResponse = z
  .object({
    total_traces: z.number().int(),
    added_last_24h: z.number().int(),
    integrations: z.number().int().describe('API keys and OAuth clients used at least once'),
    ai_queries: z.number().int().describe('Sum of access counts of active traces'),
    daily: z.array(z.object({ date: z.string(), added: z.number().int(), queries: z.number().int() })),
  })
  .meta({ id: 'Stats' });
export type StatsResponse = z.infer<typeof StatsResponse>;
