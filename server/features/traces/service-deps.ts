import type { FastifyBaseLogger } from 'fastify';
import type { SimilarTrace } from '../../../contract/traces.js';
import type { Db, Tx } from '../../db/db.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { Categorise } from './categorise.js';

/** What the traces service is built from (services.ts); each use case's file takes it whole. */
export type TracesServiceDeps = {
  db: Db;
  /** Project names of writes and the scope of reads (ADR 0029). */
  projects: Pick<ProjectsService, 'forWrite' | 'scopeIn'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Fills in category / importance / tags a create left out (ADR 0007). */
  categorise: Categorise;
  /**
   * Called inside the writing transaction when a trace is created or its title or content
   * changes: the one place search hooks in to (re-)queue its embedding. `nudge: false` when the
   * caller will store the vector itself right after its commit (create with an inline vector).
   */
  onContentChanged?: (tx: Tx, traceId: string, opts?: { nudge?: boolean }) => Promise<void>;
  /** The same for many traces a background job changed (the queue's bulk lane). */
  onContentChangedMany?: (tx: Tx, traceIds: readonly string[]) => Promise<void>;
  /**
   * The new trace's vector if the model gives it within create's small budget, else null: it
   * then feeds the categoriser and the near-duplicate check by meaning.
   */
  embedInline?: (draft: { title: string | null; content: string }) => Promise<readonly number[] | null>;
  /**
   * Stores the inline vector of a new trace after create's commit (the queued job is its
   * fallback); never throws. Create does not wait for it: its answer does not include the vector.
   */
  storeVector?: (
    traceId: string,
    userId: string,
    draft: { title: string | null; content: string },
    vector: readonly number[],
  ) => Promise<void>;
  /** Near-duplicates of a new trace by its words (ADR 0018), read while the model embeds it. */
  findSimilarByWords?: (
    tx: Tx,
    userId: string,
    draft: { title: string | null; content: string },
  ) => Promise<SimilarTrace[]>;
  /**
   * Near-duplicates by meaning (when the vector is known), merged with those by words, for the
   * create answer's `similar`.
   */
  findSimilarByMeaning?: (
    tx: Tx,
    userId: string,
    byWords: readonly SimilarTrace[],
    vector: readonly number[] | null,
  ) => Promise<SimilarTrace[]>;
  /**
   * Existing traces the new one (inserted, `traceId`) may make outdated, by meaning (ADR 0034):
   * named in the create answer so the person or the assistant can mark them superseded.
   */
  findPossiblyOutdated?: (
    tx: Tx,
    userId: string,
    traceId: string,
    vector: readonly number[] | null,
  ) => Promise<SimilarTrace[]>;
  /** Keeps the near-duplicates found on create with the new trace (its detail page lists them). */
  recordSimilar?: (
    tx: Tx,
    userId: string,
    traceId: string,
    similar: readonly SimilarTrace[],
  ) => Promise<void>;
};

/** Options of a read or edit by id from MCP: `project` narrows what the id may name. */
export type ByIdOptions = { project?: string | undefined; createProject?: boolean };
