// The labelled notes the categoriser learns from and is judged on (ADR 0007): the hand-labelled
// notes of tests/fixtures/categorisation/notes.json (each marked train or test) and every note of
// the memory fixture (tests/fixtures/memories: eighteen people's stores, labelled by the same
// rules), each with its vector from the bundled model.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Category, Importance } from '../../contract/traces.js';
import { loadMemoryStores } from '../../bench/memory-fixture.js';
import { createLocalEmbedder } from '../../server/embeddings/local-embedder.js';

export type LabelledNote = {
  id: string;
  /** notes.json's halves; the memory fixture's notes are all 'train' for the shipped model. */
  split: 'train' | 'test';
  /** The person whose store it is (memory fixture), or 'notes.json': what held out by store holds out. */
  store: string;
  category: Category;
  importance: Importance;
  tags: string[];
  title: string | null;
  content: string;
};

/** A labelled note with its vector from the bundled model. */
export type EmbeddedNote = LabelledNote & { vector: number[] };

export const NOTES_FIXTURE = new URL('../../tests/fixtures/categorisation/notes.json', import.meta.url);

/** notes.json's notes. */
export function loadNotes(): LabelledNote[] {
  return (
    JSON.parse(readFileSync(NOTES_FIXTURE, 'utf8')) as { notes: Omit<LabelledNote, 'store'>[] }
  ).notes.map((n) => ({ ...n, store: 'notes.json' }));
}

/** The memory fixture's notes, labelled as their people would. */
export function loadMemoryNotes(): LabelledNote[] {
  return loadMemoryStores().flatMap((s) =>
    s.notes.map((n) => ({
      id: n.id,
      split: 'train' as const,
      store: s.store,
      category: n.category,
      importance: n.importance,
      tags: n.tags,
      title: n.title,
      content: n.content,
    })),
  );
}

/** The text the search index embeds for a trace: the title, a blank line, the content. */
export const embeddingText = (n: { title: string | null; content: string }) =>
  n.title ? `${n.title}\n\n${n.content}` : n.content;

/**
 * The notes with their vectors, computed by the real bundled model (a few seconds per hundred);
 * `cache` keeps them in a file keyed by text for the next run.
 */
export async function embedNotes(notes: LabelledNote[], cache?: string): Promise<EmbeddedNote[]> {
  const known: Record<string, number[]> =
    cache && existsSync(cache) ? (JSON.parse(readFileSync(cache, 'utf8')) as Record<string, number[]>) : {};
  const missing = [...new Set(notes.map(embeddingText).filter((t) => !known[t]))];
  if (missing.length) {
    const embedder = createLocalEmbedder({ threads: 1 });
    try {
      for (let i = 0; i < missing.length; i += 32) {
        const batch = missing.slice(i, i + 32);
        (await embedder.embed(batch)).forEach((v, k) => (known[batch[k]!] = v));
      }
    } finally {
      await embedder.close();
    }
    if (cache) writeFileSync(cache, JSON.stringify(known));
  }
  return notes.map((n) => ({ ...n, vector: known[embeddingText(n)]! }));
}
