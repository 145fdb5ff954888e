import { z } from 'zod';
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
  created_at: true,
  updated_at: true,
}).meta({ id: 'ExportedTrace' });

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
