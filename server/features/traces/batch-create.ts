import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { CreateTraceRequest, type TraceSource } from '../../../contract/traces.js';
import type { Db, Tx } from '../../db/db.js';
import { AppError } from '../../http/errors.js';
import { type Principal, requireScope } from '../../http/principal.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { batchRepo } from './batch.repo.js';
import type { Origin } from './provenance.js';
import { type Categorise, leavesSomethingToSuggest, resolveCategorisation } from './categorise.js';
import { contentHash } from './content-hash.js';
import { titleFrom } from './title.js';
import { type NewTrace, tracesRepo } from './traces.repo.js';

export type BatchDraft = { input: unknown; createdAt?: Date | undefined };

/** What became of one draft, in the order given. */
export type BatchOutcome =
  | { outcome: 'imported'; traceId: string; detail: string | null }
  | { outcome: 'duplicate'; traceId: string; detail: string }
  | { outcome: 'failed'; traceId: null; detail: string };

/** Outcomes settled by one transaction, by the draft's index. */
export type Settled = { index: number; result: BatchOutcome }[];

export type TraceBatchDeps = {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
  categorise: Categorise;
  /** Queues the new traces' embeddings inside the writing transaction: one statement per batch. */
  enqueueMany?: (tx: Tx, traceIds: readonly string[]) => Promise<void>;
  /** The projects an import names, found or created (ADR 0029). */
  projects?: Pick<ProjectsService, 'forWrite'>;
};

/**
 * How long one write transaction should hold the database: another person's search waits at most
 * about this long behind an import. The slice size follows from the measured cost per row.
 */
export const WRITE_BUDGET_MS = 80;
/**
 * Bounds on a write's rows: each transaction has a fixed cost (role, BEGIN, the statement-level
 * search and counter triggers), so below ~10 rows a busy machine would spend its time on those.
 */
const MIN_SLICE = 10;
const MAX_SLICE = 200;
const YIELD_MS = 10;
const noop = () => Promise.resolve();

type Planned = { index: number; row: NewTrace; repeats: number[]; project?: string | undefined };

/**
 * Creates many traces at once for an import (docs/decisions/0019-import-export-formats.md): the
 * same rules as one create (contract validation, exact dedup by content hash, categorisation of
 * what is left out) at a fraction of the cost. One read looks up every content hash and the
 * tag vocabulary, the categoriser runs outside any transaction (yielding between notes), then one
 * short transaction inserts every row in one statement and queues every embedding in another.
 * Unlike a single create it neither embeds inline nor looks for near-duplicates by words: the
 * import's preview already did, and the embedding worker records near-duplicates by meaning.
 * `inTransaction` lets the caller record the outcomes in the transaction that saved the traces,
 * so a crash never leaves a saved trace without its outcome or the other way round.
 */
export function createTraceBatch(deps: TraceBatchDeps) {
  const { db, log } = deps;
  /** What one row's write has cost lately (ms); starts from a 1 KB note on a busy 2-core PGlite. */
  let msPerRow = 5;

  /**
   * The project of each planned row that names one, found or created by name in one transaction
   * before the writes (an import moving between servers keeps its projects). A name that cannot
   * be a project (the per-person limit) leaves its rows personal: they are imported all the same,
   * and the reason is their report line's detail (by the planned row's index).
   */
  async function placeInProjects(
    principal: Principal,
    rows: readonly Planned[],
  ): Promise<Map<number, string>> {
    const unplaced = new Map<number, string>();
    const named = rows.filter((p) => p.project);
    if (!named.length || !deps.projects) return unplaced;
    const projects = deps.projects;
    const ids = new Map<string, string | null>();
    const refused = new Map<string, string>();
    await db.asUser(principal.userId, async (tx) => {
      for (const name of new Set(named.map((p) => p.project!))) {
        try {
          ids.set(
            name,
            (await projects.forWrite(tx, principal, name, { create: true, isNew: true })) ?? null,
          );
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          refused.set(name, err.message);
        }
      }
    });
    for (const p of named) {
      const id = ids.get(p.project!);
      if (id) p.row.projectId = id;
      const why = refused.get(p.project!);
      if (why) unplaced.set(p.index, `imported as personal, not in project "${p.project}": ${why}`);
    }
    return unplaced;
  }

  return {
    async createMany(
      principal: Principal,
      drafts: readonly BatchDraft[],
      options: {
        source: TraceSource;
        /** What writes them (an import job, ADR 0033); left out: not known. */
        origin?: Origin;
        inTransaction?: (tx: Tx, settled: Settled) => Promise<void>;
      },
    ): Promise<BatchOutcome[]> {
      requireScope(principal, 'write:traces');
      const { userId } = principal;
      const results: (BatchOutcome | undefined)[] = new Array(drafts.length);
      const valid: { index: number; body: ReturnType<typeof CreateTraceRequest.parse>; hash: string }[] = [];
      drafts.forEach((draft, index) => {
        const parsed = CreateTraceRequest.safeParse(draft.input);
        if (parsed.success) valid.push({ index, body: parsed.data, hash: contentHash(parsed.data.content) });
        else {
          const issue = parsed.error.issues[0];
          const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
          results[index] = { outcome: 'failed', traceId: null, detail: `${where}${issue?.message}` };
        }
      });

      const needsSuggestion = valid.some(({ body }) => leavesSomethingToSuggest(body));
      const known = await db.asUser(userId, async (tx) => ({
        existing: await batchRepo.activeByHashes(
          tx,
          userId,
          valid.map((v) => v.hash),
        ),
        userTags: needsSuggestion ? await tracesRepo.recentTags(tx, userId) : [],
      }));

      const planned = new Map<string, Planned>();
      let lastYield = performance.now();
      for (const { index, body, hash } of valid) {
        // The categoriser is CPU work on the event loop: let other people's requests in every
        // YIELD_MS rather than after every note (each turn given away costs a search's length).
        // At the top, so a batch of duplicates or of fully described items (a backup's restore,
        // which needs no categoriser) gives the loop away too.
        if (performance.now() - lastYield > YIELD_MS) {
          await nextTurn();
          lastYield = performance.now();
        }
        const savedAs = known.existing.get(hash);
        if (savedAs) {
          results[index] = {
            outcome: 'duplicate',
            traceId: savedAs,
            detail: `same content as trace ${savedAs}`,
          };
          continue;
        }
        const first = planned.get(hash);
        if (first) {
          first.repeats.push(index);
          continue;
        }
        // The categoriser reads a typed title only; one is drawn from the content to be stored.
        const title = body.title || null;
        const chosen = await resolveCategorisation(
          body,
          () => deps.categorise({ title, content: body.content }, known.userTags),
          log,
        );
        planned.set(hash, {
          index,
          repeats: [],
          row: {
            title: title ?? titleFrom(body.content),
            titleGenerated: !title,
            content: body.content,
            contentHash: hash,
            ...chosen,
            source: options.source,
            createdAt: options.source === 'import' ? drafts[index]?.createdAt : undefined,
            pinned: body.pinned ?? false,
          },
          project: body.project ?? undefined,
        });
      }
      const unplaced = await placeInProjects(principal, [...planned.values()]);

      const settledSoFar = (): Settled =>
        results.flatMap((result, index) => (result ? [{ index, result }] : []));

      /** Saves these rows in one transaction, with the outcomes settled before (`earlier`). */
      async function write(rows: readonly Planned[], earlier: Settled): Promise<void> {
        const settled = await db.asUser(userId, async (tx) => {
          const inserted = await batchRepo.insertMany(
            tx,
            userId,
            rows.map((p) => p.row),
            options.origin ?? null,
          );
          // A row the dedup index refused: an identical trace committed since the read above.
          const raced = rows.filter((p) => !inserted.has(p.row.contentHash));
          const existing = await batchRepo.activeByHashes(
            tx,
            userId,
            raced.map((p) => p.row.contentHash),
          );
          await deps.enqueueMany?.(tx, [...inserted.values()]);
          const now: Settled = [...earlier];
          for (const p of rows) {
            const newId = inserted.get(p.row.contentHash);
            const sameAs = newId ?? existing.get(p.row.contentHash);
            const own: BatchOutcome = newId
              ? { outcome: 'imported', traceId: newId, detail: unplaced.get(p.index) ?? null }
              : sameAs
                ? { outcome: 'duplicate', traceId: sameAs, detail: `same content as trace ${sameAs}` }
                : { outcome: 'failed', traceId: null, detail: 'changed while saving; import it again' };
            now.push({ index: p.index, result: own });
            for (const r of p.repeats) {
              now.push({
                index: r,
                result: sameAs
                  ? { outcome: 'duplicate', traceId: sameAs, detail: `same content as trace ${sameAs}` }
                  : own,
              });
            }
          }
          await options.inTransaction?.(tx, now);
          return now;
        });
        for (const { index, result } of settled) results[index] = result;
      }

      /** write(), but a row the database refuses fails alone, with the database's reason. */
      async function writeSafely(rows: readonly Planned[], earlier: Settled): Promise<void> {
        try {
          await write(rows, earlier);
        } catch (err) {
          if (!isRowRefused(err) || rows.length === 0) throw err;
          let first = true;
          for (const p of rows) {
            const before = first ? earlier : [];
            first = false;
            try {
              await write([p], before);
            } catch (rowErr) {
              if (!isRowRefused(rowErr)) throw rowErr;
              const detail = `could not be saved: ${(rowErr as Error).message}`;
              const failed: Settled = [p.index, ...p.repeats].map((index) => ({
                index,
                result: { outcome: 'failed', traceId: null, detail },
              }));
              await db.asUser(userId, (tx) => options.inTransaction?.(tx, [...before, ...failed]) ?? noop());
              for (const { index, result } of failed) results[index] = result;
            }
          }
        }
      }

      // Slices sized so each write transaction stays near WRITE_BUDGET_MS: PGlite is one
      // connection, and everyone else's requests wait while it is held.
      const rows = [...planned.values()];
      let earlier = settledSoFar();
      let at = 0;
      do {
        const size = Math.max(MIN_SLICE, Math.min(MAX_SLICE, Math.floor(WRITE_BUDGET_MS / msPerRow)));
        const slice = rows.slice(at, at + size);
        const started = performance.now();
        await writeSafely(slice, earlier);
        if (slice.length) {
          // A moving average: one slow write (a checkpoint, a busy neighbour) only nudges it.
          msPerRow = 0.7 * msPerRow + (0.3 * (performance.now() - started)) / slice.length;
        }
        earlier = [];
        at += slice.length;
      } while (at < rows.length);
      return results.map(
        (r) => r ?? { outcome: 'failed' as const, traceId: null, detail: 'could not be saved' },
      );
    },
  };
}

export type TraceBatch = ReturnType<typeof createTraceBatch>;

/**
 * The database refused a row's data (SQLSTATE class 22, data exception, or 23, integrity
 * constraint): the row's fault, not the database's. Anything else (the connection is gone) is
 * thrown on, and the import resumes later at the same chunk.
 */
function isRowRefused(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}
