// LoCoMo (Maharana et al., 2024) as the retrieval benchmark reads it: turns, questions with
// evidence turn ids, and the turn-level metrics of ../shared/datasets/locomo/README.md. The data
// is read from the path given on the command line and never copied into the repository; its
// licence allows evaluation only, so nothing Cairn ships is fitted on it (ADR 0008, "Fitted on
// our own data"). Cairn's own retrieval fixture (tests/fixtures/retrieval), which the shipped
// weights are fitted on, is written in the same format.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Cairn's own retrieval fixture: what the shipped query adapter and relevance model are fitted on. */
export const RETRIEVAL_FIXTURE = fileURLToPath(new URL('../tests/fixtures/retrieval', import.meta.url));

export type Turn = { diaId: string; speaker: string; text: string; session: number; date: Date | null };
export type Question = { question: string; category: number; evidence: string[] };
export type Conversation = { sampleId: string; turns: Turn[]; questions: Question[]; skipped: number };

type RawTurn = { speaker?: unknown; dia_id?: unknown; text?: unknown };
type RawQa = { question?: unknown; category?: unknown; evidence?: unknown };
type RawConversation = { sample_id?: unknown; conversation?: Record<string, unknown>; qa?: RawQa[] };

/** The README's category numbers, named as in the paper. */
export const CATEGORY_NAMES: Record<number, string> = {
  1: 'multi_hop',
  2: 'temporal',
  3: 'open_domain',
  4: 'single_hop',
  5: 'adversarial',
};

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "1:56 pm on 8 May, 2023" → that instant (UTC). */
export function parseSessionDate(s: unknown): Date | null {
  if (typeof s !== 'string') return null;
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})/i.exec(s);
  if (!m) return null;
  const month = MONTHS.indexOf(m[5]!.toLowerCase());
  if (month < 0) return null;
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])));
}

/**
 * Evidence ids as written ("D1:3"), repaired where the intent is clear ("D8:6; D9:17" is two ids,
 * "D:11:26" is D11:26); anything else is dropped, as are ids of turns that do not exist.
 */
export function normaliseEvidence(raw: unknown, known: ReadonlySet<string>): string[] {
  if (!Array.isArray(raw)) return [];
  const out = new Set<string>();
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    for (const part of item.split(/[;,\s]+/)) {
      const m = /^D:?(\d+):(\d+)$/.exec(part.trim());
      const id = m ? `D${Number(m[1])}:${Number(m[2])}` : undefined;
      if (id && known.has(id)) out.add(id);
    }
  }
  return [...out];
}

/** The conversations of a file in LoCoMo's format, or of every `.json` file of a directory (by name). */
export function loadLocomo(path: string): Conversation[] {
  if (!statSync(path).isDirectory()) return loadFile(path);
  const files = readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort();
  if (files.length === 0) throw new Error(`${path}: no .json file`);
  return files.flatMap((f) => loadFile(join(path, f)));
}

function loadFile(file: string): Conversation[] {
  const data = JSON.parse(readFileSync(file, 'utf8')) as RawConversation[];
  if (!Array.isArray(data)) throw new Error(`${file}: expected a JSON array of conversations`);
  return data.map((c, i) => {
    const conv = c.conversation ?? {};
    const turns: Turn[] = [];
    const sessions = Object.keys(conv)
      .map((k) => /^session_(\d+)$/.exec(k))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    for (const n of sessions) {
      const date = parseSessionDate(conv[`session_${n}_date_time`]);
      for (const t of (conv[`session_${n}`] as RawTurn[] | undefined) ?? []) {
        if (typeof t.dia_id !== 'string' || typeof t.text !== 'string' || !t.text.trim()) continue;
        turns.push({ diaId: t.dia_id, speaker: String(t.speaker ?? ''), text: t.text, session: n, date });
      }
    }
    const known = new Set(turns.map((t) => t.diaId));
    const questions: Question[] = [];
    let skipped = 0;
    for (const qa of c.qa ?? []) {
      const evidence = normaliseEvidence(qa.evidence, known);
      if (typeof qa.question !== 'string' || !qa.question.trim() || evidence.length === 0) {
        skipped++;
        continue;
      }
      questions.push({ question: qa.question, category: Number(qa.category), evidence });
    }
    return { sampleId: String(c.sample_id ?? `conversation-${i + 1}`), turns, questions, skipped };
  });
}

export type Metrics = { r1: number; r5: number; r10: number; mrr: number };
export type Tally = { n: number; r1: number; r5: number; r10: number; mrr: number };

export const emptyTally = (): Tally => ({ n: 0, r1: 0, r5: 0, r10: 0, mrr: 0 });

/**
 * recall@k = |evidence ∩ turns of the top k| / |evidence|; reciprocal rank of the first result
 * holding any evidence turn (0 if none in the top 10). `ranked` holds each result's turn ids
 * (several when exact dedup folded identical turns into one trace).
 */
export function score(ranked: readonly (readonly string[])[], evidence: readonly string[]): Metrics {
  const want = new Set(evidence);
  const recall = (k: number) => {
    const got = new Set(ranked.slice(0, k).flat());
    return evidence.filter((e) => got.has(e)).length / want.size;
  };
  const first = ranked.slice(0, 10).findIndex((ids) => ids.some((id) => want.has(id)));
  return { r1: recall(1), r5: recall(5), r10: recall(10), mrr: first < 0 ? 0 : 1 / (first + 1) };
}

export function add(t: Tally, m: Metrics): void {
  t.n++;
  t.r1 += m.r1;
  t.r5 += m.r5;
  t.r10 += m.r10;
  t.mrr += m.mrr;
}

export function mean(t: Tally): Metrics & { n: number } {
  const r = (v: number) => (t.n ? Math.round((v / t.n) * 1000) / 1000 : 0);
  return { n: t.n, r1: r(t.r1), r5: r(t.r5), r10: r(t.r10), mrr: r(t.mrr) };
}
