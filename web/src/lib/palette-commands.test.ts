import { describe, expect, it } from 'vitest';
import { matchCommands, PALETTE_COMMANDS } from './palette-commands.js';

const labels = (query: string) => matchCommands(PALETTE_COMMANDS, query).map((c) => c.label);

describe('matchCommands', () => {
  it('lists everything before anything is typed', () => {
    expect(labels('')).toHaveLength(PALETTE_COMMANDS.length);
  });

  it('matches word beginnings in the label and its keywords, every word typed', () => {
    expect(labels('api')).toEqual(['API Keys']);
    expect(labels('dark')).toEqual(['Switch to dark theme']);
    expect(labels('sign out')).toEqual(['Sessions and devices']);
    expect(labels('new')).toContain('New trace');
    expect(labels('zzz')).toEqual([]);
  });

  it('reaches every page of the app', () => {
    const pages = PALETTE_COMMANDS.filter((c) => c.action.kind === 'go').map((c) =>
      c.action.kind === 'go' ? c.action.to : '',
    );
    expect(pages).toEqual(
      expect.arrayContaining(['/app/dashboard', '/app/traces', '/app/tags', '/app/settings/sessions']),
    );
  });
});
