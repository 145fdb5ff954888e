import { useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, schemaFieldErrors, serverFieldErrors } from './form-errors.js';

/**
 * A form's errors, each under its field: first from the form's schema (the contract's rules, so
 * nothing the server would refuse is sent), then from the server's `details`. What belongs to no
 * field of the form is the caller's to show (`fail` returns false).
 */
export function useFormErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  return {
    errors,
    /** The parsed values to send, or null after showing what is wrong under each field. */
    check<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
      const result = schema.safeParse(values);
      setErrors(result.success ? {} : schemaFieldErrors(result.error, fields));
      return result.success ? result.data : null;
    },
    /** Shows a failed request under the fields it names; false when it named none of them. */
    fail(err: unknown): boolean {
      const found = serverFieldErrors(err, fields);
      setErrors(found);
      return Object.keys(found).length > 0;
    },
    /** Forgets one field's error (it was edited) or all of them. */
    clear(field?: F) {
      setErrors((current) => {
        if (field === undefined) return {};
        if (current[field] === undefined) return current;
        const next = { ...current };
        delete next[field];
        return next;
      });
    },
  };
}
