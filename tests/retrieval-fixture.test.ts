// Cairn's own retrieval fixture (tests/fixtures/retrieval): the data the shipped query adapter and
// relevance model are fitted on (ADR 0008, "Fitted on our own data"). A malformed entry would not
// fail a fit, it would silently drop a question, so the fixture is checked here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, loadLocomo, RETRIEVAL_FIXTURE } from '../bench/locomo-data.js';

const files = readdirSync(RETRIEVAL_FIXTURE)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('the retrieval fixture', () => {
  it('has one store per file, at least six: the fits hold each one out in turn', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const f of files) {
      const raw = JSON.parse(readFileSync(join(RETRIEVAL_FIXTURE, f), 'utf8')) as unknown[];
      expect(raw, f).toHaveLength(1);
    }
  });

  it('loads as a directory, in file order, without dropping a question', () => {
    const stores = loadLocomo(RETRIEVAL_FIXTURE);
    expect(stores.map((s) => s.sampleId)).toEqual(
      files.map((f) => loadLocomo(join(RETRIEVAL_FIXTURE, f))[0]!.sampleId),
    );
    for (const s of stores) {
      expect(s.skipped, s.sampleId).toBe(0);
      expect(s.turns.length, s.sampleId).toBeGreaterThanOrEqual(140);
      expect(s.questions.length, s.sampleId).toBeGreaterThanOrEqual(100);
    }
  });

  it('dates every entry, keeps ids unique and names real entries as evidence', () => {
    for (const f of files) {
      // The loader drops an evidence id it cannot find; here, every id written must survive it.
      const [raw] = JSON.parse(readFileSync(join(RETRIEVAL_FIXTURE, f), 'utf8')) as {
        qa: { evidence: string[] }[];
      }[];
      const [loaded] = loadLocomo(join(RETRIEVAL_FIXTURE, f));
      expect(
        loaded!.questions.map((q) => q.evidence.length),
        f,
      ).toEqual(raw!.qa.map((q) => q.evidence.length));
    }
    for (const s of loadLocomo(RETRIEVAL_FIXTURE)) {
      const ids = s.turns.map((t) => t.diaId);
      expect(new Set(ids).size, s.sampleId).toBe(ids.length);
      expect(
        s.turns.filter((t) => t.date === null),
        s.sampleId,
      ).toEqual([]);
      for (const q of s.questions) {
        expect(CATEGORY_NAMES[q.category], q.question).toBeDefined();
        expect(
          q.evidence.every((e) => ids.includes(e)),
          q.question,
        ).toBe(true);
      }
    }
  });
});
