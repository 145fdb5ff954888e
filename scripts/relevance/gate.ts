// The relevance model's last stage (server/features/search/relevance.ts `answerable`, ADR 0008
// "Saying nothing"): whether anything in a query's list answers it, fitted on the candidates'
// relevances as the model before it scores them, and the query's own signals. Its probability
// multiplies each candidate's relevance.
import {
  ANSWERABLE_FEATURES,
  type AnswerableModel,
  answerableValues,
  gateProbability,
} from '../../server/features/search/relevance.js';
import type { Query, Row } from '../collect-relevance.js';
import { fitLogistic } from './fit-logistic.js';

type Scored = Map<Query, { row: Row; p: number }[]>;

/** Answerable: a question with evidence. What nothing answers teaches the gate "no". */
const answerable = (q: Query) => q.kind === 'question' && q.evidence.length > 0;

function values(list: { row: Row; p: number }[]): number[] {
  const v = answerableValues(list.map((s) => ({ signals: s.row.signals, relevance: s.p })));
  // A missing value (no word vectors, no query vector) is taken at 0 here: the collections have both.
  return ANSWERABLE_FEATURES.map((f) => v[f] ?? 0);
}

/** The gate fitted on these queries' lists (the generated check queries left out: they only measure). */
export function fitGate(queries: Query[], scored: Scored): AnswerableModel {
  const fit = queries.filter((q) => q.kind !== 'check-nonsense' && scored.get(q)!.length);
  const { fitted_on: _, ...gate } = fitLogistic(
    fit.map((q) => values(scored.get(q)!)),
    fit.map(answerable),
    [...ANSWERABLE_FEATURES],
  );
  return gate;
}

export function gateOf(gate: AnswerableModel, list: { row: Row; p: number }[]): number {
  return gateProbability(
    gate,
    list.map((s) => ({ signals: s.row.signals, relevance: s.p })),
  );
}

/** Each query's list with every relevance multiplied by the gate fitted without its store. */
export function heldOutGated(queries: Query[], scored: Scored): Scored {
  const stores = [...new Set(queries.map((q) => q.conversation))];
  const out: Scored = new Map();
  for (const c of stores) {
    const gate = fitGate(
      queries.filter((q) => q.conversation !== c),
      scored,
    );
    for (const q of queries.filter((q) => q.conversation === c)) {
      const list = scored.get(q)!;
      const g = gateOf(gate, list);
      out.set(
        q,
        list.map((s) => ({ row: s.row, p: s.p * g })),
      );
    }
  }
  return out;
}
