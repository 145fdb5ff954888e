// Real: the shipped categoriser model (categoriser-model.json), the training code and the labelled
// notes (tests/fixtures/categorisation/notes.json). Faked: nothing. The accuracy floors are
// regression guards set below the measured numbers (see `npm run bench -- categorise` and
// docs/decisions/0007-auto-categorisation.md), not targets the model was tuned to.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, IMPORTANCES, TagList, TRACE_LIMITS } from '../../../contract/traces.js';
import { loadNotes, trainModel } from '../../../scripts/train-categoriser.js';
import { createCategoriser, type CategoriserModel } from './categoriser.js';
import { tagKey } from './tag-extraction.js';

const notes = loadNotes();
const test = notes.filter((n) => n.split === 'test');
const categoriser = createCategoriser();

describe('labelled notes', () => {
  it('hold at least 150 notes, every category roughly balanced, split in two halves', () => {
    expect(notes.length).toBeGreaterThanOrEqual(150);
    for (const c of CATEGORIES) {
      const mine = notes.filter((n) => n.category === c);
      expect(mine.length).toBeGreaterThanOrEqual(30);
      expect(mine.filter((n) => n.split === 'test').length).toBe(Math.floor(mine.length / 2));
    }
    expect(new Set(notes.map((n) => n.id)).size).toBe(notes.length);
  });
});

describe('categoriser quality on the held-out test half', () => {
  it('keeps category accuracy above its floor (measured 0.648; chance is 0.2)', async () => {
    let correct = 0;
    for (const n of test) if ((await categoriser.categorise(n, [])).category === n.category) correct++;
    expect(correct / test.length).toBeGreaterThan(0.55);
  });

  it('keeps importance accuracy at least at the all-medium baseline (measured 0.676; baseline 0.60)', async () => {
    let correct = 0;
    for (const n of test) if ((await categoriser.categorise(n, [])).importance === n.importance) correct++;
    expect(correct / test.length).toBeGreaterThanOrEqual(0.6);
  });

  it('keeps tag precision above its floor (measured 0.29)', async () => {
    let predicted = 0;
    let matched = 0;
    for (const n of test) {
      const want = new Set(n.tags.map(tagKey));
      const got = (await categoriser.categorise(n, [])).tags;
      predicted += got.length;
      matched += got.filter((t) => want.has(tagKey(t))).length;
    }
    expect(matched / predicted).toBeGreaterThan(0.2);
  });
});

describe('categorise()', () => {
  it('returns a category and importance of the spec and 1–5 tags already in TagList form', async () => {
    for (const n of notes) {
      const out = await categoriser.categorise(n, []);
      expect(CATEGORIES).toContain(out.category);
      expect(IMPORTANCES).toContain(out.importance);
      expect(out.tags.length).toBeGreaterThanOrEqual(1);
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

  it('gives a note without words its category as a tag, and copes with the longest content', async () => {
    const symbols = await categoriser.categorise({ title: null, content: '!!! ??? …' }, []);
    expect(symbols.tags).toEqual([symbols.category]);
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

describe('the shipped model', () => {
  it('matches what scripts/train-categoriser.ts makes from the train half (not stale)', () => {
    const shipped = JSON.parse(
      readFileSync(new URL('./categoriser-model.json', import.meta.url), 'utf8'),
    ) as CategoriserModel;
    const fresh = trainModel(notes.filter((n) => n.split === 'train'));
    expect(fresh.tagHints).toEqual(shipped.tagHints);
    expect(fresh.category.labels).toEqual(shipped.category.labels);
    expect(Object.keys(fresh.category.weights)).toEqual(Object.keys(shipped.category.weights));
    // Allow the last rounded digit to differ, should another Node's Math.exp round differently.
    for (const [f, w] of Object.entries(fresh.category.weights)) {
      w.forEach((x, i) => expect(Math.abs(x - shipped.category.weights[f]![i]!)).toBeLessThanOrEqual(0.0011));
    }
  });

  it('refuses a model whose categories differ from the contract', () => {
    const model = JSON.parse(
      readFileSync(new URL('./categoriser-model.json', import.meta.url), 'utf8'),
    ) as CategoriserModel;
    model.category.labels = ['personal', 'work'] as CategoriserModel['category']['labels'];
    expect(() => createCategoriser({ model })).toThrow(/out of date/);
  });
});
