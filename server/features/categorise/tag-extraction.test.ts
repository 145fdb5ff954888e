// Real: pure code (noun phrases, the concept map, tag extraction). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { conceptTags } from './concept-map.js';
import { nounPhrases } from './noun-phrases.js';
import {
  extractTags,
  MAX_NEW_TAGS,
  MAX_TAGS,
  normaliseTag,
  tagKey,
  TAG_TEXT_CHARS,
} from './tag-extraction.js';
import { tokenise } from './text-features.js';

const noHints = { implies: {}, phraseRate: {} };
const tags = (content: string, userTags: string[] = [], hints = noHints) =>
  extractTags({ title: null, content }, userTags, hints);
const concepts = (text: string) => conceptTags(tokenise(text));

describe('nounPhrases', () => {
  it('finds multi-word noun phrases and keeps them whole', () => {
    expect(nounPhrases('Likes flat whites with oat milk.')).toEqual(['flat whites', 'oat milk']);
    expect(nounPhrases('Training for my first half marathon in Copenhagen')).toEqual(['half marathon']);
    expect(nounPhrases('Every pull request needs a code review')).toEqual(['pull request', 'code review']);
  });

  it('does not run across punctuation or conjunctions, and trims verbs and qualifiers', () => {
    expect(nounPhrases('Tea, coffee and cake')).toEqual([]);
    expect(nounPhrases('Prefers quiet beach holidays')).toEqual(['beach holidays']);
    expect(nounPhrases('Booked hotel rooms')).toEqual(['hotel rooms']);
  });
});

describe('conceptTags', () => {
  it('maps words and phrases to concepts, tools under one name', () => {
    expect(concepts('My daughter has a dentist appointment')).toEqual(['family', 'health']);
    expect(concepts('Uses Neovim and Postgres')).toEqual(['postgresql', 'vim']);
    expect(concepts('Likes flat whites')).toEqual(['coffee']);
  });

  it('reads context: childhood is not family, a flat white is not a home, swifts are birds', () => {
    expect(concepts('As a child I spent summers on a farm')).toEqual([]);
    expect(concepts('Our flat is on the fourth floor')).toEqual(['home']);
    expect(concepts('A flat white with oat milk')).toEqual(['coffee']);
    expect(concepts('Swifts arrive in late April')).toEqual([]);
  });
});

describe('extractTags', () => {
  it('never returns a lone fragment of a phrase, a weekday, a verb or a passing word', () => {
    const cases = [
      ['Likes flat whites with oat milk.', 'flat'],
      ['Water boils at about 93 °C at the altitude of La Paz.', 'boils'],
      ['Recycling is collected on Wednesdays.', 'wednesdays'],
      ['The quarterly report is due on Friday; my manager wants a draft first.', 'manager'],
      ['As a child I spent every summer at the seaside.', 'family'],
    ];
    for (const [content, fragment] of cases) expect(tags(content!), content).not.toContain(fragment);
    expect(tags('Likes flat whites with oat milk.')).toEqual(['coffee']);
  });

  it('adds concept tags, then learnt hints, at most MAX_NEW_TAGS new ones', () => {
    expect(tags('My sister moved to Porto')).toEqual(['family']);
    const hints = { implies: { sourdough: ['baking'] }, phraseRate: {} };
    expect(tags('Sourdough starter needs feeding', [], hints)).toEqual(['baking']);
    expect(tags('My son and his dentist flew to the hotel with the dog')).toHaveLength(MAX_NEW_TAGS);
  });

  it('adds a noun phrase that was a tag in training, never one that only repeats the title', () => {
    const hints = {
      implies: {},
      phraseRate: { 'dark-mode': 0.8, 'oat-milk': 0.1, 'code-review-style': 0.9 },
    };
    expect(tags('Dark mode in every app', [], hints)).toEqual(['dark-mode']);
    expect(tags('Oat milk in the fridge', [], hints)).toEqual([]);
    // A concept says something the title does not; the title's own words say nothing new.
    expect(extractTags({ title: 'Japan trip', content: 'Two weeks in April' }, [], noHints)).toEqual([
      'travel',
    ]);
    // Even one people tagged in training (the topic, #code-review, is a concept and stays).
    expect(
      extractTags({ title: 'Code review style', content: 'Small PRs, reviewed within a day' }, [], hints),
    ).not.toContain('code-review-style');
    expect(extractTags({ title: 'GitHub username', content: 'octo-dana' }, [], noHints)).toEqual(['github']);
  });

  it("reuses the user's tags the note names: a multi-word tag as the same words in a row", () => {
    const user = ['dark mode', 'editors', 'vim', 'coffee', 'work', 'travel', 'dog'];
    const out = tags('Dark mode in every editor and vim at work; coffee before travel with the dog', user);
    expect(out).toHaveLength(MAX_TAGS);
    expect(out).toEqual(['dark mode', 'editors', 'vim', 'coffee', 'work']);
    expect(tags('Dark chocolate, in any mode', ['dark mode'])).not.toContain('dark mode');
  });

  it("does not reuse a user's one-word tag that only modifies a phrase, unless it is a name", () => {
    expect(tags('Likes flat whites', ['flat'])).not.toContain('flat');
    expect(tags('Our flat is small', ['flat'])).toContain('flat');
    expect(tags('The Acme board report is late', ['acme'])).toContain('acme');
  });

  it('forgives one typing slip in a long tag, and normalises tags as the contract does', () => {
    expect(tags('Nervous about kubernets upgrades', ['kubernetes'])).toContain('kubernetes');
    expect(normaliseTag(`  ${'X'.repeat(60)} `)).toBe('x'.repeat(50));
    expect(tagKey('Recipes')).toBe(tagKey('recipe'));
    expect(tagKey('code review')).toBe(tagKey('code-reviews'));
    const out = tags('Recipes and more recipe ideas', ['Recipe']);
    expect(out.filter((t) => tagKey(t) === 'recipe')).toEqual(['recipe']);
  });

  it('reads tags from the opening of a long note only', () => {
    const filler = 'word '.repeat(TAG_TEXT_CHARS / 5 + 10);
    expect(tags(`My sister. ${filler}`)).toEqual(['family']);
    expect(tags(`${filler} My sister.`)).toEqual([]);
  });
});
