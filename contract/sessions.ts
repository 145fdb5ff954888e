import { z } from 'zod';

/**
 * Where the person is signed in (docs/decisions/0027-key-expiry-and-sessions.md): one entry per
 * sign-in (a refresh-token family), while any of its tokens is still valid. The web app names the
 * device from the user agent; the server stores and sends it as the browser sent it.
 */
export const SessionSchema = z
  .object({
    id: z.uuid().describe('The sign-in (refresh-token family); sign it out with DELETE /api/sessions/{id}'),
    user_agent: z.string().nullable().describe('As the browser sent it at its latest refresh'),
    signed_in_at: z.string().describe('ISO 8601: the earliest token of this sign-in still kept'),
    last_active_at: z
      .string()
      .describe('ISO 8601: when its token was last refreshed (a page load, or every 15 minutes in use)'),
    current: z.boolean().describe('The session making this request'),
  })
  .meta({ id: 'SignIn' });
export type SessionInfo = z.infer<typeof SessionSchema>;

export const SessionList = z.array(SessionSchema);

export const SessionIdParams = z.object({ id: z.string().max(100).describe('Session id (UUID)') });

export const SignOutOthersResponse = z
  .object({ ended: z.number().int().describe('How many other sign-ins were ended') })
  .meta({ id: 'SignOutOthers' });
export type SignOutOthersResponse = z.infer<typeof SignOutOthersResponse>;
