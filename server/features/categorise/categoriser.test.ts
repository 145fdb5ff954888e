// Real: the shipped categoriser model (categoriser-model.json) and the labelled notes
// (tests/fixtures/categorisation/notes.json). Faked: nothing. Quality on the held-out half, with
// the bundled model's vectors, is in categoriser.quality.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, IMPORTANCES, TagList, TRACE_LIMITS } from '../../../contract/traces.js';
import { loadNotes } from '../../../scripts/categoriser/data.js';
import { LOCAL_MODEL_ID } from '../../embeddings/local-embedder.js';
import { createCategoriser, type CategoriserModel } from './categoriser.js';

const notes = loadNotes();
const categoriser = createCategoriser();

describe('labelled notes', () => {
  it('hold at least 360 notes, categories balanced, split by the rule: odd positions train, even test', () => {
    expect(notes.length).toBeGreaterThanOrEqual(360);
    for (const c of CATEGORIES) {
      const mine = notes.filter((n) => n.category === c);
      expect(mine.length).toBeGreaterThanOrEqual(70);
      expect(mine.map((n) => n.split)).toEqual(mine.map((_, i) => (i % 2 === 0 ? 'train' : 'test')));
    }
    expect(new Set(notes.map((n) => n.id)).size).toBe(notes.length);
    expect(new Set(notes.map((n) => n.content)).size).toBe(notes.length);
  });
});

describe('categorise()', () => {
  it('returns one of the five categories, an importance level and at most 5 tags already in TagList form', async () => {
    for (const n of notes) {
      const out = await categoriser.categorise(n, []);
      expect(CATEGORIES).toContain(out.category);
      expect(IMPORTANCES).toContain(out.importance);
      expect(out.tags.length).toBeLessThanOrEqual(5);
      expect(TagList.parse(out.tags)).toEqual(out.tags);
    }
  });

  it('files typical notes as a person would', async () => {
    const cases: [string, string][] = [
      ['User prefers dark mode in all editors', 'preference'],
      ['My daughter Emma was born on 3 March 2019.', 'personal'],
      ['The quarterly report for the client is due on Friday; my manager wants a draft first.', 'work'],
    ];
    for (const [content, category] of cases) {
      expect((await categoriser.categorise({ title: null, content }, [])).category).toBe(category);
    }
  });

  it('marks explicit risks high and passing tastes low', async () => {
    const high = await categoriser.categorise({ title: null, content: 'My son is allergic to peanuts' }, []);
    const low = await categoriser.categorise({ title: null, content: 'Enjoys old Hitchcock films' }, []);
    const plain = await categoriser.categorise({ title: null, content: 'Lives in a flat in Leeds' }, []);
    expect([high.importance, low.importance, plain.importance]).toEqual(['high', 'low', 'medium']);
  });

  it("reuses the user's existing tags when the note is about them, in their spelling", async () => {
    const out = await categoriser.categorise(
      {
        title: null,
        content: 'My daughter has a dentist appointment on Tuesday; she is nervous about kubernets.',
      },
      ['Family ', 'health', 'kubernetes', 'gardening'],
    );
    expect(out.tags.slice(0, 3)).toEqual(['family', 'health', 'kubernetes']);
    expect(out.tags).not.toContain('gardening');
  });

  it('gives a note that names nothing no tag rather than a guess, and copes with the longest content', async () => {
    const symbols = await categoriser.categorise({ title: null, content: '!!! ??? …' }, []);
    expect(symbols.tags).toEqual([]);
    const long = await categoriser.categorise(
      { title: 'x'.repeat(TRACE_LIMITS.titleMax), content: 'word '.repeat(TRACE_LIMITS.contentMax / 5) },
      [],
    );
    expect(long.tags.every((t) => t.length <= TRACE_LIMITS.tagMax)).toBe(true);
  });

  it('is deterministic', async () => {
    const input = { title: 'Trip', content: 'Planning a week in Lisbon with my sister in May' };
    expect(await categoriser.categorise(input, ['travel'])).toEqual(
      await categoriser.categorise(input, ['travel']),
    );
  });
});

describe('the vector', () => {
  const model = JSON.parse(
    readFileSync(new URL('./categoriser-model.json', import.meta.url), 'utf8'),
  ) as CategoriserModel;
  // A unit vector pointing where the vector model reads "fact": strong evidence of meaning.
  const row = model.category.vector.weights[CATEGORIES.indexOf('fact')]!;
  const norm = Math.hypot(...row);
  const factLike = row.map((x) => x / norm);
  const note = { title: null, content: 'My daughter Emma was born on 3 March 2019.' };
  const categoryWith = async (deps: Parameters<typeof createCategoriser>[0], vector?: number[]) =>
    (await createCategoriser(deps).categorise(note, [], vector)).category;

  it('changes the answer when it comes from the model the weights were trained on', async () => {
    expect(await categoryWith({ embeddingModel: LOCAL_MODEL_ID })).toBe('personal');
    expect(await categoryWith({ embeddingModel: LOCAL_MODEL_ID }, factLike)).toBe('fact');
  });

  it('is ignored from another model, with another length, with a non-finite value, or unlabelled', async () => {
    expect(await categoryWith({ embeddingModel: 'openai:text-embedding-3-small' }, factLike)).toBe(
      'personal',
    );
    expect(await categoryWith({}, factLike)).toBe('personal');
    expect(await categoryWith({ embeddingModel: LOCAL_MODEL_ID }, factLike.slice(1))).toBe('personal');
    expect(await categoryWith({ embeddingModel: LOCAL_MODEL_ID }, [Number.NaN, ...factLike.slice(1)])).toBe(
      'personal',
    );
  });
});

describe('the shipped model', () => {
  it('refuses a model whose labels differ from the contract', () => {
    const model = JSON.parse(
      readFileSync(new URL('./categoriser-model.json', import.meta.url), 'utf8'),
    ) as CategoriserModel;
    model.category.vector.labels = ['personal', 'work'] as CategoriserModel['category']['vector']['labels'];
    expect(() => createCategoriser({ model })).toThrow(/out of date/);
  });

  it("refuses a model without valid experts' weights rather than assuming them equal", () => {
    const shipped = readFileSync(new URL('./categoriser-model.json', import.meta.url), 'utf8');
    const fresh = () => JSON.parse(shipped) as CategoriserModel;
    expect(() => createCategoriser({ model: fresh() })).not.toThrow();
    for (const broken of [
      (m: CategoriserModel) => delete (m.importance as Partial<CategoriserModel['importance']>).pooling,
      (m: CategoriserModel) =>
        (m.category.pooling = { lexical: 1 } as CategoriserModel['category']['pooling']),
      (m: CategoriserModel) => (m.category.pooling.vector = 0),
      (m: CategoriserModel) => (m.importance.pooling.lexical = -1),
      (m: CategoriserModel) => (m.importance.pooling.vector = Number.NaN),
      (m: CategoriserModel) => (m.category.pooling.lexical = Number.POSITIVE_INFINITY),
    ]) {
      const model = fresh();
      broken(model);
      expect(() => createCategoriser({ model })).toThrow(/pooling/);
    }
  });
});
