// Pure unit tests of how tool results are shaped and how snippets are cut (no app, no database).
import { describe, expect, it } from 'vitest';
import { fetchDocument, jsonResult, searchItem, UNTITLED } from './tool-results.js';

const trace = {
  id: '0b6f3a52-8c55-4d1f-9f0e-8a4c7a1d2e3f',
  title: null,
  content: 'Body',
  category: 'fact' as const,
  importance: 'low' as const,
  tags: ['a'],
  access_count: 3,
  source: 'mcp' as const,
  project: null,
  pinned: false,
  superseded_at: null,
  superseded_by: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  created_by: { kind: 'oauth_client' as const, id: 'client-1', name: 'Claude' },
  updated_by: null,
};

describe('shapes', () => {
  it('puts ChatGPT keys first and names untitled traces "Untitled"', () => {
    const item = searchItem('https://c.example', {
      ...trace,
      snippet: 'Body',
      relevance: 0.8,
      score: 1,
      matched: ['fulltext'],
    });
    expect(Object.keys(item).slice(0, 3)).toEqual(['id', 'title', 'url']);
    expect(item).toMatchObject({ title: UNTITLED, url: `https://c.example/app/traces/${trace.id}` });
    const doc = fetchDocument('https://c.example', trace);
    expect(Object.keys(doc)).toEqual(['id', 'title', 'text', 'url', 'metadata']);
    expect(doc.metadata).toEqual({
      category: 'fact',
      importance: 'low',
      tags: ['a'],
      project: null,
      pinned: false,
      created_at: trace.created_at,
      updated_at: trace.updated_at,
      created_by: trace.created_by,
      updated_by: null,
    });
  });

  it('answers exactly one text item, with structuredContent only when asked', () => {
    expect(jsonResult({ a: 1 })).toEqual({ content: [{ type: 'text', text: '{"a":1}' }] });
    expect(jsonResult({ a: 1 }, true).structuredContent).toEqual({ a: 1 });
  });
});
