import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error.js';
import { errorText, schemaFieldErrors, serverFieldErrors } from './form-errors.js';

const incorrect = new ApiError(400, 'incorrect_password', 'Current password is incorrect', [
  { path: 'current_password', message: 'Current password is incorrect' },
]);

describe('serverFieldErrors', () => {
  it('puts each detail under the field its path names, the first one per field', () => {
    const err = new ApiError(400, 'validation_failed', 'tags.1: Each tag must be at most 50 characters', [
      { path: 'tags.1', message: 'Each tag must be at most 50 characters' },
      { path: 'tags.3', message: 'Tags cannot contain a comma' },
      { path: 'content', message: 'Content must be at most 20000 characters' },
    ]);
    expect(serverFieldErrors(err, ['title', 'content', 'tags'])).toEqual({
      tags: 'Each tag must be at most 50 characters',
      content: 'Content must be at most 20,000 characters',
    });
  });

  it('finds a wrong current password under that field and nowhere else', () => {
    expect(serverFieldErrors(incorrect, ['current_password', 'new_password', 'confirm'])).toEqual({
      current_password: 'Current password is incorrect',
    });
  });

  it('gives nothing for fields the form lacks, for answers without details and for other errors', () => {
    expect(serverFieldErrors(incorrect, ['email', 'password'])).toEqual({});
    expect(serverFieldErrors(new ApiError(409, 'user_exists', 'User already registered'), ['email'])).toEqual(
      {},
    );
    expect(serverFieldErrors(new TypeError('Failed to fetch'), ['email'])).toEqual({});
  });
});

describe('schemaFieldErrors', () => {
  it('reads a zod error the same way, by path', () => {
    const schema = z.object({
      name: z.string().min(1, 'Name is required'),
      tags: z.array(z.string().max(2)),
    });
    const result = schema.safeParse({ name: '', tags: ['ok', 'long'] });
    if (result.success) throw new Error('expected a failure');
    expect(schemaFieldErrors(result.error, ['name', 'tags'])).toEqual({
      name: 'Name is required',
      tags: expect.stringMatching(/2/),
    });
  });
});

describe('errorText', () => {
  it("says a validation failure's problem without the path programs read first", () => {
    const err = new ApiError(400, 'validation_failed', 'search: search must be at most 500 characters', [
      { path: 'search', message: 'search must be at most 500 characters' },
    ]);
    expect(errorText(err, 'fallback')).toBe('Search must be at most 500 characters');
  });

  it('uses the message of any other failure, and the fallback when there is none worth showing', () => {
    const conflict = new ApiError(
      409,
      'duplicate_trace',
      'This trace cannot be restored: an active trace has the same content',
      [{ path: 'id', message: 'Trace 1 already has this content' }],
    );
    expect(errorText(conflict, 'fallback')).toBe(
      'This trace cannot be restored: an active trace has the same content',
    );
    expect(errorText(new TypeError('Failed to fetch'), 'Something went wrong')).toBe('Something went wrong');
  });
});
