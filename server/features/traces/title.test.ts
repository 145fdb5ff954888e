// Real: pure code (the title a memory without one is given). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { GENERATED_TITLE_MAX, titleFrom } from './title.js';

describe('titleFrom', () => {
  it('takes a short first sentence as it is, without its full stop', () => {
    expect(titleFrom('I take my coffee black, no sugar.')).toBe('I take my coffee black, no sugar');
    expect(titleFrom('Dentist appointment moved to Tuesday at 3 pm. Bring the X-rays.')).toBe(
      'Dentist appointment moved to Tuesday at 3 pm',
    );
    expect(titleFrom('Allergy: I am allergic to penicillin and carry an epipen.')).toBe(
      'Allergy: I am allergic to penicillin and carry an epipen',
    );
  });

  it('cuts a long one at a clause, else at a word with an ellipsis, never past the limit', () => {
    expect(
      titleFrom('Dana is allergic to sulfonamide antibiotics (co-trimoxazole gave her a bad rash in 2016).'),
    ).toBe('Dana is allergic to sulfonamide antibiotics');
    const long = titleFrom(
      'User prefers TypeScript strict mode and never uses default exports anywhere in any of the repositories',
    );
    expect(long).toBe('User prefers TypeScript strict mode and never uses default…');
    for (const text of [long, titleFrom('x'.repeat(500)), titleFrom('word '.repeat(100))])
      expect([...text].length).toBeLessThanOrEqual(GENERATED_TITLE_MAX);
  });

  it('reads past Markdown and empty lines to the first line that says something', () => {
    expect(titleFrom('\n\n## Deploy checklist\n- run `make release`\n- tag it')).toBe('Deploy checklist');
    expect(titleFrom('---\n- [x] **Renew** the [passport](https://example.com) by May')).toBe(
      'Renew the passport by May',
    );
    expect(titleFrom('> Never log card numbers.')).toBe('Never log card numbers');
  });

  it('keeps version numbers and abbreviations inside the first sentence', () => {
    expect(titleFrom('Upgrade to v2.1 first. Then migrate.')).toBe('Upgrade to v2.1 first');
    expect(titleFrom('Bring snacks, e.g. fruit.')).toBe('Bring snacks, e.g. fruit');
  });

  it('gives something for text with no words at all', () => {
    expect(titleFrom('🎉🎉🎉')).toBe('🎉🎉🎉');
    expect(titleFrom('   ')).toBe('Note');
  });
});
