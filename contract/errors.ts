import { z } from 'zod';

/** Every error the HTTP API returns has this body. `error` is the human message (the product's
 * wording where it has one); `code` is stable for programs. */
export const ErrorBody = z
  .object({
    error: z.string(),
    code: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
