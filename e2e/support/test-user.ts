/**
 * An account made for one test. Its own module so the fixtures (which make it) and the API
 * helpers (which sign it in) both depend on it instead of on each other.
 */
export type TestUser = { email: string; password: string };
