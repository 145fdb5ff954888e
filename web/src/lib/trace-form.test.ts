import { describe, expect, it } from 'vitest';
import type { Trace } from '../../../contract/traces.js';
import { changedFields, createRequestOf, type TraceFormValues } from './trace-form.js';

const blank: TraceFormValues = { title: '', content: 'x', category: 'auto', importance: 'auto', tags: '' };

describe('createRequestOf', () => {
  it('leaves out an empty title and empty tags, and sends "auto" as chosen', () => {
    expect(createRequestOf({ ...blank, title: '  ', tags: ' , ' })).toEqual({
      content: 'x',
      category: 'auto',
      importance: 'auto',
    });
  });
  it('trims the title and splits the tags', () => {
    expect(
      createRequestOf({
        title: ' Trip ',
        content: 'Flight at 9',
        category: 'personal',
        importance: 'high',
        tags: 'travel, ,family',
      }),
    ).toEqual({
      title: 'Trip',
      content: 'Flight at 9',
      category: 'personal',
      importance: 'high',
      tags: ['travel', 'family'],
    });
  });
});

const trace: Trace = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Trip',
  content: 'Flight at 9',
  category: 'personal',
  importance: 'high',
  tags: ['travel', 'family'],
  access_count: 0,
  source: 'web',
  project: null,
  pinned: false,
  superseded_at: null,
  superseded_by: null,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
  created_by: null,
  updated_by: null,
};
const same: TraceFormValues = {
  title: 'Trip',
  content: 'Flight at 9',
  category: 'personal',
  importance: 'high',
  tags: 'travel, family',
};

describe('changedFields', () => {
  it('is empty when nothing changed (tag case and spacing do not count)', () => {
    expect(changedFields(trace, same)).toEqual({});
    expect(changedFields(trace, { ...same, tags: 'Travel,family ' })).toEqual({});
  });
  it('sends each changed field alone', () => {
    expect(changedFields(trace, { ...same, content: 'Flight at 10' })).toEqual({ content: 'Flight at 10' });
    expect(changedFields(trace, { ...same, category: 'work' })).toEqual({ category: 'work' });
    expect(changedFields(trace, { ...same, importance: 'low' })).toEqual({ importance: 'low' });
    expect(changedFields(trace, { ...same, tags: 'travel' })).toEqual({ tags: ['travel'] });
    expect(changedFields(trace, { ...same, tags: 'family, travel' })).toEqual({ tags: ['family', 'travel'] });
  });
  it('sends "auto" for category or importance, so Cairn suggests that field again', () => {
    expect(changedFields(trace, { ...same, category: 'auto' })).toEqual({ category: 'auto' });
    expect(changedFields(trace, { ...same, importance: 'auto' })).toEqual({ importance: 'auto' });
  });
  it('turns an emptied title into null, and sets a title where there was none', () => {
    expect(changedFields(trace, { ...same, title: '  ' })).toEqual({ title: null });
    expect(changedFields({ ...trace, title: null }, { ...same, title: 'New' })).toEqual({ title: 'New' });
    expect(changedFields({ ...trace, title: null }, { ...same, title: '' })).toEqual({});
  });
});
