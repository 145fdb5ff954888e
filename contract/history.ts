import { z } from 'zod';
import { TraceActor } from './provenance.js';
import { Category, Importance } from './traces.js';

/**
 * A trace's history (docs/decisions/0033-history-and-provenance.md): every edit keeps the trace as
 * it was before it. These schemas are the single source for answers and the OpenAPI document.
 */

/** The fields a version keeps; an edit of any other field (project, pinned) records no version. */
export const VERSIONED_FIELDS = ['title', 'content', 'category', 'importance', 'tags'] as const;
export const VersionedField = z.enum(VERSIONED_FIELDS);
export type VersionedField = z.infer<typeof VersionedField>;

export const TraceVersion = z
  .object({
    version: z.number().int().min(1).describe('Numbered from 1 per trace; the newest is the highest'),
    title: z.string().nullable(),
    content: z.string(),
    category: Category,
    importance: Importance,
    tags: z.array(z.string()),
    changed_fields: z.array(VersionedField).describe('What the edit that replaced this version changed'),
    changed_at: z.string().describe('ISO 8601: when this version was replaced'),
    changed_by: TraceActor.nullable().describe('Who replaced it; null: not known'),
  })
  .meta({ id: 'TraceVersion' });
export type TraceVersion = z.infer<typeof TraceVersion>;

/** GET /api/traces/{id}/versions: newest first. */
export const TraceVersionList = z
  .object({
    versions: z.array(TraceVersion),
    kept: z.number().int().describe('How many versions a trace keeps at most; older ones are pruned'),
  })
  .meta({ id: 'TraceVersionList' });
export type TraceVersionList = z.infer<typeof TraceVersionList>;
