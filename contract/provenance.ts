import { z } from 'zod';

/**
 * Provenance (docs/decisions/0033-history-and-provenance.md): what created a trace and what last
 * changed it. Kept apart from traces.ts so the history schemas can use it without a cycle.
 */

/** The ways a trace is written: the web app, an API key, an OAuth client (an assistant), an import job. */
export const ACTOR_KINDS = ['web', 'api_key', 'oauth_client', 'import'] as const;
export const ActorKind = z.enum(ACTOR_KINDS);
export type ActorKind = z.infer<typeof ActorKind>;

/** Who wrote something; names are read when asked, so a renamed key shows its new name. */
export const TraceActor = z
  .object({
    kind: ActorKind,
    id: z
      .string()
      .nullable()
      .describe('The API key id, OAuth client id or import job id; null for the web app'),
    name: z
      .string()
      .describe(
        "What to show: the key's or client's name (the assistant's), the import's file name; \"web app\", " +
          'or "deleted API key" / "deleted OAuth client" / "import" once that is gone',
      ),
  })
  .meta({ id: 'TraceActor' });
export type TraceActor = z.infer<typeof TraceActor>;
