import type { z } from 'zod';
import { ApiError, messageOf } from './api-error.js';

/** What to show under each field of a form, by the field's request name. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

type Problem = { path: string; message: string };

/** Sentences start with a capital, and long numbers are grouped (20000 → 20,000). */
function readable(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return text.replace(/\b\d{5,}\b/g, (n) => Number(n).toLocaleString('en-US'));
}

/**
 * The first problem of each of `fields`, keyed by field. A path names the field as the request
 * does (`new_password`, `tags.2`: ADR 0015), so its first segment is the form field it belongs to.
 */
function byField<F extends string>(problems: readonly Problem[], fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const { path, message } of problems) {
    const field = fields.find((f) => f === path.split('.')[0]);
    if (field && errors[field] === undefined) errors[field] = readable(message);
  }
  return errors;
}

/** A server answer's field errors (its `details`), for the fields this form has. */
export function serverFieldErrors<F extends string>(err: unknown, fields: readonly F[]): FieldErrors<F> {
  return err instanceof ApiError && err.details ? byField(err.details, fields) : {};
}

/** The form's own check (a contract schema, or one built on it) as field errors. */
export function schemaFieldErrors<F extends string>(error: z.ZodError, fields: readonly F[]): FieldErrors<F> {
  return byField(
    error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    fields,
  );
}

/**
 * One sentence for a failed request, where there is no field to put it under (a toast, a list's
 * error state). A validation failure's detail says the problem without the path the top-level
 * message leads with for programs.
 */
export function errorText(err: unknown, fallback: string): string {
  const detail = err instanceof ApiError && err.code === 'validation_failed' ? err.details?.[0] : undefined;
  return readable(detail ? detail.message : messageOf(err, fallback));
}
