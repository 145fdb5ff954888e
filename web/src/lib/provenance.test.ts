// Pure unit tests of how writers and changed fields are worded (no DOM, no server).
import { describe, expect, it } from 'vitest';
import { actorLabel, fieldList } from './provenance.js';

describe('actorLabel', () => {
  it('names the writer and what it is', () => {
    expect(actorLabel({ kind: 'web', id: null, name: 'web app' })).toBe('the web app');
    expect(actorLabel({ kind: 'oauth_client', id: 'c1', name: 'Claude' })).toBe('Claude (assistant)');
    expect(actorLabel({ kind: 'api_key', id: 'k1', name: 'Deploy script' })).toBe('Deploy script (API key)');
    expect(actorLabel({ kind: 'import', id: 'j1', name: 'notes.txt' })).toBe('notes.txt (import)');
  });

  it("keeps the server's words for a writer that is gone", () => {
    expect(actorLabel({ kind: 'api_key', id: 'k1', name: 'deleted API key' })).toBe('deleted API key');
    expect(actorLabel({ kind: 'oauth_client', id: 'c1', name: 'deleted OAuth client' })).toBe(
      'deleted OAuth client',
    );
    expect(actorLabel({ kind: 'import', id: 'j1', name: 'import' })).toBe('import');
  });
});

describe('fieldList', () => {
  it('lists fields as a sentence does', () => {
    expect(fieldList(['content'])).toBe('content');
    expect(fieldList(['title', 'content'])).toBe('title and content');
    expect(fieldList(['title', 'content', 'tags'])).toBe('title, content and tags');
  });
});
