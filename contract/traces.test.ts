// Unit tests of the trace schemas (pure zod). Real: everything. Faked: nothing.
import { describe, expect, it } from 'vitest';
import {
  characterCount,
  CreateTraceRequest,
  ListTracesQuery,
  TRACE_LIMITS,
  UpdateTraceRequest,
} from './traces.js';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('trace contract', () => {
  it('counts characters as code points', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('🪨🪨')).toBe(2);
    expect(characterCount('e\u0301')).toBe(2); // a combining mark is its own code point
    expect(characterCount('\ud800')).toBe(1); // a lone surrogate still counts once
  });

  it('normalises tags: trimmed, lower-cased, de-duplicated, empties dropped; limits after that', () => {
    const parsed = CreateTraceRequest.parse({ content: 'c', tags: [' A ', 'a', 'B', '  ', ''] });
    expect(parsed.tags).toEqual(['a', 'b']);
    const twentyAfterDedup = Array.from({ length: 25 }, (_, i) => `Tag${i % 20}`);
    expect(CreateTraceRequest.safeParse({ content: 'c', tags: twentyAfterDedup }).success).toBe(true);
    const padded = ` ${'x'.repeat(TRACE_LIMITS.tagMax)} `;
    expect(CreateTraceRequest.safeParse({ content: 'c', tags: [padded] }).success).toBe(true);
  });

  it('names the field and the limit in every limit message', () => {
    expect(issues(CreateTraceRequest.safeParse({ content: 'c', title: 'x'.repeat(201) }))).toEqual([
      'title: Title must be at most 200 characters',
    ]);
    expect(issues(CreateTraceRequest.safeParse({ content: 'x'.repeat(20_001) }))).toEqual([
      'content: Content must be at most 20000 characters',
    ]);
    expect(issues(CreateTraceRequest.safeParse({ content: 'c', tags: ['x'.repeat(51)] }))).toEqual([
      'tags.0: Each tag must be at most 50 characters',
    ]);
    expect(issues(CreateTraceRequest.safeParse({ content: '' }))).toEqual(['content: Content is required']);
    expect(issues(CreateTraceRequest.safeParse({}))).toEqual(['content: Content is required']);
  });

  it('lets an update change any subset, but not nothing', () => {
    expect(UpdateTraceRequest.safeParse({ title: null }).success).toBe(true);
    expect(issues(UpdateTraceRequest.safeParse({}))).toEqual([
      ': Nothing to update: send at least one field',
    ]);
    expect(issues(UpdateTraceRequest.safeParse({ content: '  ' }))).toEqual(['content: Content is required']);
  });

  it('parses list queries with the documented defaults', () => {
    expect(ListTracesQuery.parse({})).toEqual({
      tags: [],
      exclude: [],
      page: 1,
      pageSize: 12,
      sort: 'newest',
    });
    expect(ListTracesQuery.parse({ tags: ' A,b ,,a', page: '3', pageSize: '100', search: '  x  ' })).toEqual({
      tags: ['a', 'b'],
      exclude: [],
      page: 3,
      pageSize: 100,
      search: 'x',
      sort: 'newest',
    });
    expect(ListTracesQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(ListTracesQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ListTracesQuery.safeParse({ search: 'tab\tand\nnewline' }).success).toBe(true);
    expect(ListTracesQuery.safeParse({ search: 'unit\u001fseparator' }).success).toBe(false);
  });
});
