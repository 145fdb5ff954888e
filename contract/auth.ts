import { z } from 'zod';

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
  email: z.email({ message: 'Enter a valid email address' }).max(320),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterResponse = z.object({ user: UserSchema });

export const RegistrationStatus = z.object({
  registration_open: z.boolean(),
  needs_setup: z.boolean().describe('true while no account exists: the web app shows the owner set-up form'),
});
export type RegistrationStatus = z.infer<typeof RegistrationStatus>;

export const ChangePasswordRequest = z.object({
  current_password: z.string().min(1, 'Current password is required').max(1024),
  new_password: z.string().min(8, 'Password must be at least 8 characters').max(1024),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** Minimum password length enforced by the server for new passwords (owner set-up, CLI, change). */
export const MIN_PASSWORD_LENGTH = 8;
