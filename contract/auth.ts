import { z } from 'zod';

/** Minimum length of a new password: sign-up, owner set-up, the CLI and a password change. */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password should be at least ${MIN_PASSWORD_LENGTH} characters`;
/** A password change to the same password is refused (code `same_password`); the web form says so first. */
export const SAME_PASSWORD = 'The new password must differ from the current one';

/**
 * The one rule for a new password, used by the routes that take one and by the web forms that
 * send it, so the form refuses exactly what the server would (ADR 0015). Signing in checks only
 * that a password was given: an old account may predate the rule.
 */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(1024, 'Password must be at most 1024 characters');

export const UserSchema = z.object({ id: z.uuid(), email: z.string() }).meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const LoginRequest = z.object({
  email: z.string().trim().min(1, 'Email is required').max(320),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The answer of login, refresh and register-then-login: the access token lives in memory in the
 * web app; the refresh token travels only in an httpOnly cookie. */
export const SessionResponse = z
  .object({
    access_token: z.string(),
    expires_at: z.string().describe('ISO time when access_token expires'),
    user: UserSchema,
  })
  .meta({ id: 'Session' });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const RegisterRequest = z.object({
  email: z.email({ message: 'Enter a valid email address' }).max(320, 'Email must be at most 320 characters'),
  password: NewPasswordSchema,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterResponse = z.object({ user: UserSchema });

export const RegistrationStatus = z.object({
  registration_open: z.boolean(),
  needs_setup: z.boolean().describe('true while no account exists: the web app shows the owner set-up form'),
});
export type RegistrationStatus = z.infer<typeof RegistrationStatus>;

export const ChangePasswordRequest = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Current password must be at most 1024 characters'),
  new_password: NewPasswordSchema,
  revoke_integrations: z
    .boolean({ error: 'revoke_integrations must be true or false' })
    .default(false)
    .describe(
      'Also revoke every API key and OAuth grant of the account, in the same transaction (for "someone may have my password")',
    ),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;
