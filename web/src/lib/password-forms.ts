import { z } from 'zod';
import { ChangePasswordRequest, RegisterRequest, SAME_PASSWORD } from '../../../contract/auth.js';

export const PASSWORDS_DIFFER = 'Passwords do not match';

/**
 * The forms that set a password: each is its route's request schema (the contract's rules) plus
 * the confirmation box, which never leaves the browser. ADR 0015.
 */
export const SignUpForm = RegisterRequest.extend({ confirm: z.string() }).refine(
  (v) => v.password === v.confirm,
  { path: ['confirm'], message: PASSWORDS_DIFFER },
);
export type SignUpFormValues = z.input<typeof SignUpForm>;

export const ChangePasswordForm = ChangePasswordRequest.extend({ confirm: z.string() })
  .refine((v) => v.new_password === v.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER })
  // The server refuses it too (same_password); saying so here spares a request.
  .refine((v) => v.current_password === '' || v.new_password !== v.current_password, {
    path: ['new_password'],
    message: SAME_PASSWORD,
  });
export type ChangePasswordFormValues = z.input<typeof ChangePasswordForm>;

/** The request a valid form sends: the confirmation stays behind. */
export function withoutConfirm<T extends { confirm: string }>({ confirm: _confirm, ...request }: T) {
  return request;
}
