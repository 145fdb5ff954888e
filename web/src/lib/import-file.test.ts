import { describe, expect, it } from 'vitest';
import { tracesFromImportFile } from './import-file.js';

describe('tracesFromImportFile', () => {
  it('reads an export and a bare array', () => {
    expect(tracesFromImportFile('{"format":"cairn-export","version":1,"traces":[{"content":"a"}]}')).toEqual([
      { content: 'a' },
    ]);
    expect(tracesFromImportFile('[{"content":"b"}]')).toEqual([{ content: 'b' }]);
  });
  it('explains what is wrong with anything else', () => {
    expect(() => tracesFromImportFile('not json')).toThrow('This file is not JSON');
    expect(() => tracesFromImportFile('{"hello":1}')).toThrow('This file has no traces');
    expect(() => tracesFromImportFile('[]')).toThrow('no traces to import');
    expect(() => tracesFromImportFile('{"version":2,"traces":[{}]}')).toThrow('version 2');
  });
});
