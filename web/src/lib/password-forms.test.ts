import { describe, expect, it } from 'vitest';
import {
  ChangePasswordRequest,
  PASSWORD_TOO_SHORT,
  RegisterRequest,
  SAME_PASSWORD,
} from '../../../contract/auth.js';
import { schemaFieldErrors } from './form-errors.js';
import { ChangePasswordForm, PASSWORDS_DIFFER, SignUpForm, withoutConfirm } from './password-forms.js';

const errorsOf = (schema: typeof SignUpForm | typeof ChangePasswordForm, values: object) => {
  const result = schema.safeParse(values);
  return result.success
    ? {}
    : schemaFieldErrors(result.error, ['email', 'password', 'current_password', 'new_password', 'confirm']);
};

describe('the sign-up form', () => {
  it("refuses what the route refuses, with the route's words, and a mismatched confirmation", () => {
    const values = { email: 'not-an-email', password: 'short', confirm: 'other' };
    const route = RegisterRequest.safeParse(values);
    expect(route.success).toBe(false);
    expect(errorsOf(SignUpForm, values)).toEqual({
      email: 'Enter a valid email address',
      password: PASSWORD_TOO_SHORT,
      confirm: PASSWORDS_DIFFER,
    });
  });

  it('sends exactly the request the route takes', () => {
    const parsed = SignUpForm.parse({
      email: 'a@example.com',
      password: 'long enough',
      confirm: 'long enough',
    });
    expect(RegisterRequest.parse(withoutConfirm(parsed))).toEqual({
      email: 'a@example.com',
      password: 'long enough',
    });
  });
});

describe('the change-password form', () => {
  it('refuses a new password equal to the current one, under "New password"', () => {
    expect(
      errorsOf(ChangePasswordForm, {
        current_password: 'same secret',
        new_password: 'same secret',
        confirm: 'same secret',
      }),
    ).toEqual({ new_password: SAME_PASSWORD });
  });

  it('asks for the current password, and for a long enough, confirmed new one', () => {
    expect(
      errorsOf(ChangePasswordForm, { current_password: '', new_password: 'short', confirm: '' }),
    ).toEqual({
      current_password: 'Current password is required',
      new_password: PASSWORD_TOO_SHORT,
      confirm: PASSWORDS_DIFFER,
    });
    const ok = { current_password: 'old secret', new_password: 'new secret 1', confirm: 'new secret 1' };
    expect(ChangePasswordRequest.parse(withoutConfirm(ChangePasswordForm.parse(ok)))).toEqual({
      current_password: 'old secret',
      new_password: 'new secret 1',
      revoke_integrations: false,
    });
  });

  it('sends the "someone may have my password" checkbox as revoke_integrations', () => {
    const values = {
      current_password: 'old secret',
      new_password: 'new secret 1',
      confirm: 'new secret 1',
      revoke_integrations: true,
    };
    expect(withoutConfirm(ChangePasswordForm.parse(values))).toEqual({
      current_password: 'old secret',
      new_password: 'new secret 1',
      revoke_integrations: true,
    });
  });
});
