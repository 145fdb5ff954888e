import type { Tx } from '../../db/db.js';
import type { Origin } from './provenance.js';
import type { NewTrace } from './traces.repo.js';
import { lockTracesOf } from './write-lock.js';

/** Many traces at once (an import's chunk): one statement each way instead of one per trace. */
export const batchRepo = {
  /** The user's active traces with any of these content hashes: hash → id. */
  async activeByHashes(tx: Tx, userId: string, hashes: readonly string[]): Promise<Map<string, string>> {
    if (!hashes.length) return new Map();
    const rows = await tx.query<{ id: string; content_hash: string }>(
      'SELECT id, content_hash FROM traces WHERE user_id = $1 AND is_active AND content_hash = ANY($2::text[])',
      [userId, hashes],
    );
    return new Map(rows.map((r) => [r.content_hash, r.id]));
  },

  /**
   * One multi-row insert (arrays unnested). A row whose content an active trace already has is
   * left out by the dedup index, as a single create's would be; the answer maps each inserted
   * row's content hash to its new id. The hashes must be distinct (the caller folds repeats).
   */
  async insertMany(
    tx: Tx,
    userId: string,
    rows: readonly NewTrace[],
    origin: Origin | null = null,
  ): Promise<Map<string, string>> {
    if (!rows.length) return new Map();
    await lockTracesOf(tx, userId);
    const inserted = await tx.query<{ id: string; content_hash: string }>(
      `INSERT INTO traces (user_id, title, content, content_hash, category, importance, tags, source,
                           created_at, updated_at, title_generated, project_id, pinned,
                           created_via, created_by_id, updated_via, updated_by_id)
       SELECT $1, NULLIF(t.title, ''), t.content, t.content_hash, t.category, t.importance,
              ARRAY(SELECT jsonb_array_elements_text(t.tags::jsonb)), t.source,
              COALESCE(NULLIF(t.created_at, '')::timestamptz, now()),
              COALESCE(NULLIF(t.created_at, '')::timestamptz, now()), t.generated,
              NULLIF(t.project_id, '')::uuid, t.pinned,
              $13::text, $14::text, $13::text, $14::text
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                     $9::text[], $10::boolean[], $11::text[], $12::boolean[])
           AS t(title, content, content_hash, category, importance, tags, source, created_at, generated,
                project_id, pinned)
       ON CONFLICT (user_id, content_hash) WHERE is_active DO NOTHING
       RETURNING id, content_hash`,
      [
        userId,
        // Arrays travel as text[] with '' for null (the driver port takes no nulls in arrays).
        rows.map((r) => r.title ?? ''),
        rows.map((r) => r.content),
        rows.map((r) => r.contentHash),
        rows.map((r) => r.category),
        rows.map((r) => r.importance),
        // A text[][] must be rectangular; each row's tags travel as one JSON array instead.
        rows.map((r) => JSON.stringify(r.tags)),
        rows.map((r) => r.source),
        rows.map((r) => r.createdAt?.toISOString() ?? ''),
        rows.map((r) => String(r.titleGenerated ?? false)),
        rows.map((r) => r.projectId ?? ''),
        rows.map((r) => String(r.pinned ?? false)),
        // One writer for the whole batch (an import job, ADR 0033).
        origin?.via ?? null,
        origin?.id ?? null,
      ],
    );
    return new Map(inserted.map((r) => [r.content_hash, r.id]));
  },
};
