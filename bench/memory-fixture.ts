// Cairn's memory fixture (tests/fixtures/memories, issue 29): invented people's stores of the
// memories assistants keep (health, family, work, preferences, facts, plans, coding conventions),
// written for Cairn, with the questions an assistant asks in its own words. Three kinds of
// question: `paraphrase` (shares no content word with any note that answers it, by
// scripts/paraphrase/content-words.ts), `shared` (shares some), and queries nothing answers
// (`nonsense`, `general` knowledge, `personal` questions no note answers). Every note carries the
// labels a person would give it (ADR 0007's rules), so the categoriser is measured on it too. The
// fits and thresholds hold it out by store.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Category, Importance } from '../contract/traces.js';

export const MEMORY_FIXTURE = fileURLToPath(new URL('../tests/fixtures/memories', import.meta.url));

export type MemoryNote = {
  id: string;
  title: string | null;
  content: string;
  category: Category;
  importance: Importance;
  tags: string[];
  /** ISO 8601; notes of one sitting are minutes apart. */
  created_at: string;
};

export const ANSWERED_KINDS = ['paraphrase', 'shared'] as const;
export const UNANSWERED_KINDS = ['nonsense', 'general', 'personal'] as const;
export type QuestionKind = (typeof ANSWERED_KINDS)[number] | (typeof UNANSWERED_KINDS)[number];

export type MemoryQuestion = { query: string; answers: string[]; kind: QuestionKind };

export type MemoryStore = { store: string; about: string; notes: MemoryNote[]; questions: MemoryQuestion[] };

/** The stores in file order (store-01.json, store-02.json, …), or the one file given. */
export function loadMemoryStores(path: string = MEMORY_FIXTURE): MemoryStore[] {
  const files = path.endsWith('.json')
    ? [path]
    : readdirSync(path)
        .filter((f) => /^store-\d+\.json$/.test(f))
        .sort()
        .map((f) => join(path, f));
  return files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as MemoryStore);
}

/** The text a note is searched by, and compared on for shared words: title, content and tags. */
export function noteText(note: Pick<MemoryNote, 'title' | 'content' | 'tags'>): string {
  return [note.title ?? '', note.content, note.tags.join(' ')].join('\n');
}
