/** Spec section 8, sign-up mapping: what a person reads when creating an account fails. */
export function signUpErrorMessage(message: string): string {
  const m = message.toLowerCase();
  if (m.includes('database error saving new user'))
    return 'Account creation failed due to a database issue. Please try again or contact support.';
  if (m.includes('already registered'))
    return 'An account with this email already exists. Please try logging in instead.';
  if (m.includes('public registration is currently disabled'))
    return 'Public registration is currently disabled';
  if (m.includes('password')) return 'Password does not meet requirements. Please use a stronger password.';
  return `Signup failed: ${message}`;
}
