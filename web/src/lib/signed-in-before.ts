/** Set after a successful sign-in on this browser: only then is "Welcome back" true on /login. */
const SIGNED_IN_BEFORE = 'cairn:signed-in-before';

export function signedInBefore(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_BEFORE) === '1';
  } catch {
    return false;
  }
}

export function rememberSignedIn(): void {
  try {
    localStorage.setItem(SIGNED_IN_BEFORE, '1');
  } catch {
    // Storage refused (private mode): the greeting stays neutral, nothing else depends on it.
  }
}
