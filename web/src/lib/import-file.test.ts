import { describe, expect, it } from 'vitest';
import { previewSentence, progressPercent, reportSentence, toImport } from './import-file.js';

const job = {
  preview: { total: 12, new: 8, duplicates: 2, near_duplicates: 1, invalid: 1, skipped: 0 },
  progress: { processed: 3, imported: 2, duplicates: 1, failed: 0, skipped: 0 },
};

describe('import wording', () => {
  it('says what the preview found', () => {
    expect(previewSentence(job)).toBe(
      '12 memories: 8 new, 2 already saved, 1 similar to saved ones, 1 invalid.',
    );
    expect(previewSentence({ preview: { ...job.preview, total: 1 } })).toMatch(/^1 memory:/);
  });

  it('counts near-duplicates in unless they are skipped', () => {
    expect(toImport(job, false)).toBe(9);
    expect(toImport(job, true)).toBe(8);
  });

  it('turns progress into a whole percentage, and says what the run did', () => {
    expect(progressPercent(job)).toBe(25);
    expect(progressPercent({ ...job, preview: { ...job.preview, total: 0 } })).toBe(100);
    expect(reportSentence(job)).toBe('2 imported, 1 already saved, 0 could not be imported.');
  });
});
