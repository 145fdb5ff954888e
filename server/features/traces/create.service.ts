import {
  CreateTraceRequest,
  type CreateTraceResponse,
  type SimilarTrace,
  type TraceSource,
} from '../../../contract/traces.js';
import { conflict } from '../../http/errors.js';
import { type Principal, requireScope } from '../../http/principal.js';
import { parseInput } from '../../http/validation.js';
import { leavesSomethingToSuggest, resolveCategorisation } from './categorise.js';
import { contentHash } from './content-hash.js';
import { originOf } from './provenance.js';
import type { TracesServiceDeps } from './service-deps.js';
import { supersedeIn } from './supersede.js';
import { createTagVocabulary } from './tag-vocabulary.js';
import { titleFrom } from './title.js';
import { toTrace } from './to-trace.js';
import { duplicateContent } from './trace-errors.js';
import { visibleTo } from './trace-visibility.js';
import { type NewTrace, type TraceRow, tracesRepo } from './traces.repo.js';

export type CreateOptions = {
  /** Defaults from the principal: web for a session, api for an API key or OAuth token. */
  source?: TraceSource;
  /** When the memory was first written; honoured only for source 'import' (moving between servers). */
  createdAt?: Date;
  /** An unknown project name creates the project (an assistant naming its workspace) instead of a 400. */
  createProject?: boolean;
};

/** 201 with the new row, or 200 with the existing trace and duplicate_of (exact dedup). */
export type CreateResult = { trace: CreateTraceResponse; created: boolean };

const duplicate = (row: TraceRow, reader: Principal): CreateResult => ({
  trace: { ...toTrace(row, reader), duplicate_of: row.id },
  created: false,
});

/** Create: exact dedup, categorisation, near-duplicates, what the new trace may replace. */
export function createTraceCreation(deps: TracesServiceDeps) {
  const { db, log } = deps;

  /** The write itself: near-duplicates by meaning, the row, its embedding job, what it is near. */
  async function insertOnce(
    principal: Principal,
    fields: NewTrace,
    vector: readonly number[] | null,
    byWords: readonly SimilarTrace[],
    supersedes: readonly string[],
  ) {
    const { userId } = principal;
    return db.asUser(userId, async (tx) => {
      const similar = (await deps.findSimilarByMeaning?.(tx, userId, byWords, vector)) ?? [...byWords];
      const row = await tracesRepo.insert(tx, userId, fields);
      if (row) {
        // A wrong id among those it replaces throws here: the transaction, the new trace with it,
        // is rolled back.
        await supersedeIn(tx, principal, supersedes, row.id);
        // With the vector in hand, create stores it right after this commit instead of waking
        // the queue; the job stays as the fallback.
        await deps.onContentChanged?.(tx, row.id, { nudge: !(vector && deps.storeVector) });
        if (similar.length) await deps.recordSimilar?.(tx, userId, row.id, similar);
        const outdated = (await deps.findPossiblyOutdated?.(tx, userId, row.id, vector)) ?? [];
        return { row, created: true, similar, outdated };
      }
      // The dedup index refused it: an identical trace exists (or committed while we waited).
      const existing = await tracesRepo.findActiveByHash(tx, userId, fields.contentHash);
      if (!existing) return undefined;
      // The same memory, said again, replacing older ones: they are marked as they would have been.
      if (visibleTo(principal, existing)) await supersedeIn(tx, principal, supersedes, existing.id);
      return { row: existing, created: false, similar, outdated: [] };
    });
  }

  /** The user's tags, most used first (the categoriser's vocabulary), remembered briefly. */
  const vocabulary = createTagVocabulary();

  return {
    async create(
      principal: Principal,
      input: CreateTraceRequest,
      options: CreateOptions = {},
    ): Promise<CreateResult> {
      requireScope(principal, 'write:traces');
      const body = parseInput(CreateTraceRequest, input);
      const { userId } = principal;
      // Every memory has a title: one drawn from the content when none was given (ADR 0028). Search,
      // the categoriser and the near-duplicate check read a typed title only.
      const title = body.title || null;
      const hash = contentHash(body.content);
      const needsSuggestion = leavesSomethingToSuggest(body);
      const supersedes = body.supersedes ?? [];

      // The model works (bounded, in its own thread) while the words are looked at: an identical
      // trace, the vocabulary, near-duplicates by words. Then categorise outside any transaction,
      // and write (ADR 0025: two transactions, and the answer waits for no HNSW insertion).
      const draft = { title, content: body.content };
      const embedding = deps.embedInline?.(draft) ?? Promise.resolve(null);
      const before = await db.asUser(userId, async (tx) => {
        const projectId = await deps.projects.forWrite(tx, principal, body.project, {
          create: options.createProject ?? false,
          isNew: true,
        });
        const existing = await tracesRepo.findActiveByHash(tx, userId, hash);
        if (existing) return { existing, projectId, userTags: [], byWords: [] };
        return {
          existing: undefined,
          projectId,
          userTags: needsSuggestion ? await vocabulary.of(tx, userId) : [],
          byWords: (await deps.findSimilarByWords?.(tx, userId, draft)) ?? [],
        };
      });
      if (before.existing) {
        void embedding; // bounded and aborted at its deadline; nothing waits for it
        // Content is unique per person across projects; a project-limited credential is not shown
        // a trace outside its project, only told the content exists.
        if (!visibleTo(principal, before.existing)) throw duplicateContent();
        const { id } = before.existing;
        if (!supersedes.length) return duplicate(before.existing, principal);
        // The same memory, said again, replacing older ones: they are marked all the same.
        const row = await db.asUser(userId, async (tx) => {
          await supersedeIn(tx, principal, supersedes, id);
          return tracesRepo.findActive(tx, userId, id);
        });
        return duplicate(row ?? before.existing, principal);
      }
      const vector = await embedding;
      const chosen = await resolveCategorisation(
        body,
        () => deps.categorise(draft, before.userTags, vector ?? undefined),
        log,
      );

      const fields: NewTrace = {
        title: title ?? titleFrom(body.content),
        titleGenerated: !title,
        content: body.content,
        contentHash: hash,
        ...chosen,
        source: options.source ?? (principal.via === 'session' ? 'web' : 'api'),
        createdAt: options.source === 'import' ? options.createdAt : undefined,
        projectId: before.projectId ?? null,
        pinned: body.pinned ?? false,
        origin: originOf(principal),
      };
      // A retry is needed only if the row that beat us was deleted before we could read it.
      for (let attempt = 0; attempt < 3; attempt++) {
        const result = await insertOnce(principal, fields, vector, before.byWords, supersedes);
        if (!result) continue;
        if (!result.created) {
          if (!visibleTo(principal, result.row)) throw duplicateContent();
          return duplicate(result.row, principal);
        }
        vocabulary.changed(userId);
        if (vector && deps.storeVector) void deps.storeVector(result.row.id, userId, draft, vector);
        // Near-duplicates may lie in any project: a project-limited credential is not shown them.
        const similar = principal.project ? [] : result.similar;
        const outdated = principal.project ? [] : result.outdated;
        return {
          trace: {
            ...toTrace(result.row, principal),
            ...(similar.length ? { similar } : {}),
            ...(outdated.length ? { possibly_outdated: outdated } : {}),
          },
          created: true,
        };
      }
      throw conflict('The trace changed while saving; try again');
    },
  };
}
