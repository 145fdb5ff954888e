import { z } from 'zod';
import { TraceVersion } from './history.js';
import { Category, Importance, TraceSchema } from './traces.js';

/**
 * Your data, out and in: a full export of an account's memories, importing such a file (moving
 * to another Cairn, restoring a backup), and deleting the account with everything in it.
 */
export const EXPORT_FORMAT = 'cairn-export';
export const EXPORT_VERSION = 1;
/** One import call; larger files are split by the web app (and any script) into several calls. */
export const IMPORT_LIMITS = { tracesPerRequest: 1000, bodyBytes: 32 * 1024 * 1024 } as const;

export const ExportedTrace = TraceSchema.pick({
  id: true,
  title: true,
  content: true,
  category: true,
  importance: true,
  tags: true,
  access_count: true,
  source: true,
  project: true,
  pinned: true,
  created_at: true,
  updated_at: true,
  created_by: true,
  updated_by: true,
})
  .extend({
    versions: z
      .array(TraceVersion)
      .optional()
      .describe('Its earlier versions, newest first: only in an export asked with include_history'),
  })
  .meta({ id: 'ExportedTrace' });
export type ExportedTrace = z.infer<typeof ExportedTrace>;

/**
 * A trace as an export holds it: its stored fields, nothing computed on read. One function for
 * the server's account export and the web app's export of a selection, so both files match.
 */
export function exportedTrace(t: ExportedTrace): ExportedTrace {
  return {
    id: t.id,
    title: t.title,
    content: t.content,
    category: t.category,
    importance: t.importance,
    tags: t.tags,
    access_count: t.access_count,
    source: t.source,
    project: t.project,
    pinned: t.pinned,
    created_at: t.created_at,
    updated_at: t.updated_at,
    // Provenance and history (ADR 0033) are exported for the record; an import does not read them.
    created_by: t.created_by,
    updated_by: t.updated_by,
    ...(t.versions ? { versions: t.versions } : {}),
  };
}

export const AccountExport = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exported_at: z.string().describe('ISO 8601'),
    account: z.object({ email: z.string(), created_at: z.string() }),
    traces: z.array(ExportedTrace).describe('Every active trace, newest first'),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof AccountExport>;

/**
 * A trace to import: the fields of an export (extra ones such as id or access_count are ignored),
 * or a minimal {content} — category, importance and tags are then filled in automatically.
 */
export const ImportedTrace = z.object({
  title: z.string().nullish(),
  content: z.string(),
  category: Category.optional(),
  importance: Importance.optional(),
  tags: z.array(z.string()).optional(),
  /** The project's name (ADR 0029): found, or created by the import. */
  project: z.string().nullish(),
  pinned: z.boolean().optional(),
  created_at: z.iso
    .datetime({ offset: true, message: 'created_at must be an ISO 8601 date-time' })
    .optional(),
});
export type ImportedTrace = z.infer<typeof ImportedTrace>;

export const ImportRequest = z
  .object({
    format: z.literal(EXPORT_FORMAT).optional(),
    version: z
      .literal(EXPORT_VERSION, { message: `Only version ${EXPORT_VERSION} exports can be imported` })
      .optional(),
    traces: z
      .array(z.unknown())
      .min(1, 'Nothing to import: traces is empty')
      .max(IMPORT_LIMITS.tracesPerRequest, `At most ${IMPORT_LIMITS.tracesPerRequest} traces per request`),
  })
  .meta({ id: 'ImportRequest' });
export type ImportRequest = z.input<typeof ImportRequest>;

export const ImportResponse = z
  .object({
    imported: z.number().int().describe('New traces saved'),
    duplicates: z.number().int().describe('Skipped: the same content is already saved'),
    failed: z
      .array(z.object({ index: z.number().int(), error: z.string() }))
      .describe('Traces that could not be saved, by their position in the request, and why'),
  })
  .meta({ id: 'ImportResponse' });
export type ImportResponse = z.infer<typeof ImportResponse>;

export const DeleteAccountRequest = z.object({
  password: z.string().min(1, 'Enter your password to confirm').max(1024),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/** The formats an export can be downloaded in (docs/decisions/0019-import-export-formats.md). */
export const EXPORT_FORMATS = ['json', 'markdown', 'mcp-memory'] as const;
export const ExportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS)
    .default('json')
    .describe('json (Cairn), markdown (.zip of notes), mcp-memory (JSONL)'),
  include_history: z
    .enum(['true', 'false', '1', '0'], { message: 'include_history must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .default(false)
    .describe("format=json: each trace's earlier versions too (ADR 0033)"),
});

/** The formats an import file is read as, detected from its content. */
export const IMPORT_FORMATS = ['cairn', 'mcp-memory', 'mem0', 'markdown-zip', 'text'] as const;
export const ImportFormat = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof ImportFormat>;

/** An uploaded file's job: bounded so one upload cannot fill the disk. */
export const IMPORT_JOB_LIMITS = { fileBytes: 100 * 1024 * 1024, items: 200_000 } as const;

export const IMPORT_JOB_STATUSES = ['staging', 'ready', 'running', 'done', 'cancelled', 'failed'] as const;
export const ImportJobStatus = z.enum(IMPORT_JOB_STATUSES);

/** What a job's preview found (before) and what the run did (after). */
export const ImportJob = z
  .object({
    id: z.uuid(),
    status: ImportJobStatus.describe(
      'staging: the file is still being read (the preview grows; it cannot be started yet); ready: previewed, waiting for start; running; done; cancelled; failed: the file could not be read to the end (see error), nothing was imported',
    ),
    format: ImportFormat,
    file_name: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    error: z.string().nullable().describe('Why a failed job could not read its file'),
    preview: z.object({
      total: z.number().int(),
      new: z.number().int(),
      duplicates: z.number().int().describe('The same content is already saved, or earlier in the file'),
      near_duplicates: z.number().int().describe('Similar to a saved trace; imported unless skipped'),
      invalid: z.number().int(),
      skipped: z
        .number()
        .int()
        .describe('Entries that are not memories, left out on purpose (attachments, unsafe paths in a .zip)'),
    }),
    progress: z.object({
      processed: z.number().int(),
      imported: z.number().int(),
      duplicates: z.number().int(),
      failed: z.number().int(),
      skipped: z.number().int().describe('Near-duplicates left out at start, and skipped entries'),
    }),
  })
  .describe('Once a job is done, imported + duplicates + failed + skipped = processed = preview.total')
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof ImportJob>;

export const IMPORT_ITEM_KINDS = ['new', 'duplicate', 'near_duplicate', 'invalid', 'skipped'] as const;
export const IMPORT_OUTCOMES = ['imported', 'duplicate', 'failed', 'skipped'] as const;

export const ImportJobItem = z
  .object({
    position: z.number().int().describe('1-based, in file order'),
    label: z.string().describe('Where it was in the file: a line, an item number, a note'),
    title: z.string().nullable(),
    excerpt: z.string().nullable(),
    kind: z.enum(IMPORT_ITEM_KINDS),
    outcome: z.enum(IMPORT_OUTCOMES).nullable().describe('null until processed'),
    detail: z.string().nullable().describe('Why it is invalid or failed, or which trace it duplicates'),
    trace_id: z.uuid().nullable(),
  })
  .meta({ id: 'ImportJobItem' });
export type ImportJobItem = z.infer<typeof ImportJobItem>;

export const ImportJobItemsQuery = z.object({
  kind: z.enum(IMPORT_ITEM_KINDS).optional(),
  after: z.coerce.number().int().min(0).default(0).describe('Position to continue after'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const ImportJobItemsResponse = z
  .object({ items: z.array(ImportJobItem), next_after: z.number().int().nullable() })
  .meta({ id: 'ImportJobItemsResponse' });
export type ImportJobItemsResponse = z.infer<typeof ImportJobItemsResponse>;

export const StartImportJobRequest = z.object({
  skip_near_duplicates: z.boolean().default(false).describe('Leave near-duplicates out of the import'),
});
export const ImportJobList = z.object({ jobs: z.array(ImportJob) }).meta({ id: 'ImportJobList' });
