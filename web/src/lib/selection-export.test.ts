import { describe, expect, it } from 'vitest';
import { AccountExport, ImportRequest } from '../../../contract/account.js';
import type { Trace } from '../../../contract/traces.js';
import { selectionFileName, selectionJson, selectionMarkdown } from './selection-export.js';

const trace = (over: Partial<Trace>): Trace => ({
  id: '0b8f1a1e-0000-4000-8000-000000000001',
  title: 'Coffee',
  content: 'Flat white, no sugar.',
  category: 'preference',
  importance: 'low',
  tags: ['food'],
  access_count: 2,
  source: 'web',
  project: null,
  pinned: false,
  superseded_at: null,
  superseded_by: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  created_by: { kind: 'web', id: null, name: 'web app' },
  updated_by: { kind: 'web', id: null, name: 'web app' },
  ...over,
});
const now = new Date('2026-11-27T12:00:00Z');

describe('selection export', () => {
  it('writes Cairn export JSON that the import reads back', () => {
    const file = JSON.parse(
      selectionJson([trace({}), trace({ id: '0b8f1a1e-0000-4000-8000-000000000002', title: null })], now),
    );
    expect(file).toMatchObject({ format: 'cairn-export', version: 1, exported_at: now.toISOString() });
    expect(file.traces).toHaveLength(2);
    expect(ImportRequest.safeParse(file).success).toBe(true);
    expect(AccountExport.shape.traces.safeParse(file.traces).success).toBe(true);
  });

  it('writes one Markdown document, a section per trace', () => {
    const md = selectionMarkdown([trace({}), trace({ title: null, tags: [], content: 'Line\n' })]);
    expect(md).toBe(
      '## Coffee\n\npreference · low importance · #food · created 2026-11-20\n\nFlat white, no sugar.\n\n' +
        '## Untitled Trace\n\npreference · low importance · created 2026-11-20\n\nLine\n',
    );
  });

  it('names the file by what it holds and the day', () => {
    expect(selectionFileName(1, 'md', now)).toBe('cairn-1-trace-2026-11-27.md');
    expect(selectionFileName(12, 'json', now)).toBe('cairn-12-traces-2026-11-27.json');
  });
});
