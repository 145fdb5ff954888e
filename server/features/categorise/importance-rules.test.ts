// Real: pure code (the risk rules and cues of importance). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { hasRiskCue, importanceCues } from './importance-rules.js';

describe('hasRiskCue', () => {
  it('fires for health risks, safety, secrets, hard rules and dated obligations', () => {
    for (const text of [
      'Severe peanut allergy, carries an EpiPen',
      'Takes warfarin daily',
      'Recovering from knee surgery',
      'The gas shut-off valve is under the stairs',
      'Router password: in the drawer',
      'Never book flights with Ryanair',
      'The grant must be submitted by Friday',
      'The board report is due on 14 October',
      'Billing migration to Stripe must be finished by December 15',
      'I need to send the tax form before Friday',
      'Visa appointment next week',
    ]) {
      expect(hasRiskCue(null, text), text).toBe(true);
    }
    expect(hasRiskCue('Router password', 'in the drawer')).toBe(true);
  });

  it('reads context: a place, a plan, a denial', () => {
    for (const text of [
      "The GP surgery's phone number is 0113 496 0000",
      'The manuscript is due to the publisher in October',
      "Dairy upsets the stomach, though it isn't an allergy",
      'Lives in a flat in Leeds',
      'I must visit grandma sometime',
    ]) {
      expect(hasRiskCue(null, text), text).toBe(false);
    }
  });
});

describe('importanceCues', () => {
  it('adds #risk and #taste as features for the learnt model', () => {
    expect(importanceCues(null, 'Favourite band is Wilco')).toEqual(['#taste']);
    expect(importanceCues(null, 'Never share my address')).toEqual(['#risk']);
    expect(importanceCues(null, 'Lives in Leeds')).toEqual([]);
  });
});
