import { describe, expect, it } from 'vitest';
import { signUpErrorMessage } from './sign-up-errors.js';

describe('sign-up error mapping', () => {
  it('maps each server message to the wording the page shows', () => {
    expect(signUpErrorMessage('Database error saving new user')).toBe(
      'Account creation failed due to a database issue. Please try again or contact support.',
    );
    expect(signUpErrorMessage('User already registered')).toBe(
      'An account with this email already exists. Please try logging in instead.',
    );
    expect(signUpErrorMessage('Password should be at least 8 characters')).toBe(
      'Password does not meet requirements. Please use a stronger password.',
    );
    expect(signUpErrorMessage('Public registration is currently disabled')).toBe(
      'Public registration is currently disabled',
    );
    expect(signUpErrorMessage('Enter a valid email address')).toBe(
      'Signup failed: Enter a valid email address',
    );
  });
});
