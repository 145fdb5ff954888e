// Cairn's memory fixture (tests/fixtures/memories): what the search's fit and thresholds are chosen
// on (issue 29). A malformed entry would not fail a fit, it would quietly measure something else,
// so its promises are checked here: the kinds of question, the shared-word rule, the labels.
import { describe, expect, it } from 'vitest';
import { CATEGORIES, IMPORTANCES } from '../contract/traces.js';
import { ANSWERED_KINDS, loadMemoryStores, noteText, UNANSWERED_KINDS } from '../bench/memory-fixture.js';
import { contentStems, sharedStems, stem } from '../scripts/paraphrase/content-words.js';

const stores = loadMemoryStores();
const questions = stores.flatMap((s) => s.questions.map((q) => ({ ...q, store: s })));
const count = (kind: string) => questions.filter((q) => q.kind === kind).length;

describe('the shared-word check', () => {
  it('stems plurals, tenses and adverbs, and drops function words', () => {
    expect(['allergies', 'allergy'].map(stem)).toEqual(['allergy', 'allergy']);
    expect(['running', 'runs'].map(stem)).toEqual(['run', 'run']);
    expect([...contentStems('What is the name of my dog?')]).toEqual(['name', 'dog']);
  });

  it('counts a shared beginning of five letters as a shared word, and nothing shorter', () => {
    expect(sharedStems('my photography hobby', 'Photographs of the lake')).toEqual(['photography']);
    expect(sharedStems('what medicine must I avoid', 'Allergic to penicillin; carry an epipen')).toEqual([]);
    expect(sharedStems('the car', 'a cart')).toEqual([]);
  });
});

describe('the memory fixture', () => {
  it('holds several stores of realistic size, each held out in turn by the fits', () => {
    expect(stores.length).toBeGreaterThanOrEqual(6);
    for (const s of stores) {
      expect(s.notes.length, s.store).toBeGreaterThanOrEqual(100);
      expect(new Set(s.notes.map((n) => n.id)).size, s.store).toBe(s.notes.length);
    }
    expect(new Set(stores.map((s) => s.store)).size).toBe(stores.length);
  });

  it('has the question counts issue 29 asks for', () => {
    expect(count('paraphrase')).toBeGreaterThanOrEqual(300);
    expect(count('shared')).toBeGreaterThanOrEqual(100);
    expect(UNANSWERED_KINDS.reduce((n, k) => n + count(k), 0)).toBeGreaterThanOrEqual(120);
    for (const q of questions) expect([...ANSWERED_KINDS, ...UNANSWERED_KINDS], q.query).toContain(q.kind);
  });

  it('names real notes as answers, and none for a question nothing answers', () => {
    for (const q of questions) {
      const ids = new Set(q.store.notes.map((n) => n.id));
      const answered = (ANSWERED_KINDS as readonly string[]).includes(q.kind);
      expect(q.answers.length > 0, `${q.store.store}: ${q.query}`).toBe(answered);
      for (const a of q.answers) expect(ids.has(a), `${q.store.store}: ${q.query} → ${a}`).toBe(true);
    }
  });

  it('keeps paraphrases wordless and shared-word questions sharing', () => {
    for (const q of questions) {
      const byId = new Map(q.store.notes.map((n) => [n.id, n]));
      const shared = q.answers.flatMap((a) => sharedStems(q.query, noteText(byId.get(a)!)));
      if (q.kind === 'paraphrase') expect(shared, `${q.store.store}: ${q.query}`).toEqual([]);
      if (q.kind === 'shared') expect(shared.length, `${q.store.store}: ${q.query}`).toBeGreaterThan(0);
    }
  });

  it('labels every note as a person would, and dates it', () => {
    for (const s of stores)
      for (const n of s.notes) {
        expect(CATEGORIES, n.id).toContain(n.category);
        expect(IMPORTANCES, n.id).toContain(n.importance);
        expect(Number.isNaN(Date.parse(n.created_at)), n.id).toBe(false);
        expect(n.content.trim().length, n.id).toBeGreaterThan(0);
      }
  });
});
