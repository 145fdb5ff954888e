// Real: the shipped categoriser model (categoriser-model.json), the training code, the labelled
// notes (tests/fixtures/categorisation/notes.json) and their vectors from the bundled embedding
// model (USE-lite in a worker thread). Faked: nothing. The floors are regression guards set a
// little below the measured numbers (`npm run bench -- categorise`,
// docs/decisions/0007-auto-categorisation.md), not targets the model was tuned to.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MODEL_ID } from '../../embeddings/local-embedder.js';
import {
  type EmbeddedNote,
  embedNotes,
  loadMemoryNotes,
  loadNotes,
} from '../../../scripts/categoriser/data.js';
import { trainingFingerprint } from '../../../scripts/categoriser/train.js';
import { type Categorisation, createCategoriser, type CategoriserModel } from './categoriser.js';
import { tagKey } from './tag-extraction.js';

const categoriser = createCategoriser({ embeddingModel: LOCAL_MODEL_ID });
let notes: EmbeddedNote[] = [];
let test: EmbeddedNote[] = [];

beforeAll(async () => {
  notes = await embedNotes(loadNotes().filter((n) => n.split === 'test'));
  test = notes;
}, 180_000);

async function outcomes(withVectors: boolean, by = categoriser) {
  const out: { note: EmbeddedNote; got: Categorisation }[] = [];
  for (const note of test)
    out.push({ note, got: await by.categorise(note, [], withVectors ? note.vector : undefined) });
  return out;
}
const share = (xs: boolean[]) => xs.filter(Boolean).length / xs.length;

// The floors follow the model trained on notes.json's train half and the memory fixture's eighteen
// stores (ADR 0007): on this half it lost ground (category 0.805 → 0.668) while on the memory
// fixture, held out by store, it gained more (0.467 → 0.63). A second annotator agreed with the
// fixtures' own category labels on 0.60 of 300 notes: the floors guard against regressions, they
// are not a ceiling anyone can reach. Importance weighs the vector three times the lexical model
// (chosen on the memory fixture, 0.675 → 0.69 there); on this half it measures 0.758 (0.763 with
// equal weights), and the floor stays where it was.
describe('categoriser quality on the held-out test half', () => {
  it('with the vector: category above 0.64 (measured 0.668), importance above 0.73 (measured 0.758)', async () => {
    const out = await outcomes(true);
    expect(share(out.map(({ note, got }) => got.category === note.category))).toBeGreaterThan(0.64);
    expect(share(out.map(({ note, got }) => got.importance === note.importance))).toBeGreaterThan(0.73);
  });

  it('lexical only: category above 0.57 (measured 0.600), importance above 0.70 (measured 0.737)', async () => {
    const out = await outcomes(false);
    expect(share(out.map(({ note, got }) => got.category === note.category))).toBeGreaterThan(0.57);
    expect(share(out.map(({ note, got }) => got.importance === note.importance))).toBeGreaterThan(0.7);
  });

  it("ignores vectors of another embedding model: exactly the lexical model's answers", async () => {
    const other = createCategoriser({ embeddingModel: 'openai:text-embedding-3-small' });
    expect(await outcomes(true, other)).toEqual(await outcomes(false));
  });

  it('keeps tag precision above 0.56 (measured 0.596) and recall above 0.25 (measured 0.287)', async () => {
    let predicted = 0;
    let matched = 0;
    let labelled = 0;
    for (const { note, got } of await outcomes(true)) {
      const want = new Set(note.tags.map(tagKey));
      predicted += got.tags.length;
      matched += got.tags.filter((t) => want.has(tagKey(t))).length;
      labelled += want.size;
    }
    expect(matched / predicted).toBeGreaterThan(0.56);
    expect(matched / labelled).toBeGreaterThan(0.25);
  });
});

describe('the shipped model', () => {
  it('was trained from the fixtures as they are now (not stale)', () => {
    const shipped = JSON.parse(
      readFileSync(new URL('./categoriser-model.json', import.meta.url), 'utf8'),
    ) as CategoriserModel;
    const train = [...loadNotes(), ...loadMemoryNotes()].filter((n) => n.split === 'train');
    // Run `node --import tsx scripts/train-categoriser.ts` after changing a fixture or the training.
    expect(shipped.fingerprint).toBe(trainingFingerprint(train));
  });
});
