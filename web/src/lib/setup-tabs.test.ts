import { describe, expect, it } from 'vitest';
import { SETUP_TABS, tabFromHash } from './setup-tabs.js';

describe('tabFromHash', () => {
  it('opens the tab the hash names', () => {
    for (const tab of SETUP_TABS) expect(tabFromHash(`#${tab}`)).toBe(tab);
    expect(tabFromHash('#Claude-Code')).toBe('claude-code');
  });
  it('falls back to the overview without a hash or with an unknown one', () => {
    for (const hash of ['', '#', '#nope', '#claude', 'claude-code-x', '#%E0%A4%A'])
      expect(tabFromHash(hash)).toBe('overview');
  });
});
