import { z } from 'zod';
import { pathOf, validationFailed } from '../../http/errors.js';

/**
 * What the SDK needs of `initialize` params on the 2025-era leg. The SDK checks them itself, but
 * answers a bad shape as -32603 (internal error), which reads as our fault; checked here first,
 * the client hears -32602 (invalid params) naming the field, like every other bad parameter.
 */
const InitializeParams = z.looseObject({
  protocolVersion: z.string(),
  capabilities: z.looseObject({}),
  clientInfo: z.looseObject({ name: z.string(), version: z.string() }),
});

/** Throws `validation_failed` (answered as JSON-RPC -32602) for an initialize with bad params. */
export function checkInitializeParams(body: unknown): void {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (message === null || typeof message !== 'object') continue;
    const { method, params } = message as { method?: unknown; params?: unknown };
    if (method !== 'initialize') continue;
    const parsed = InitializeParams.safeParse(params);
    if (!parsed.success) {
      throw validationFailed(
        parsed.error.issues.map((i) => ({ path: pathOf(['params', ...i.path]), message: i.message })),
      );
    }
  }
}
