/**
 * Facts the public pages state about Cairn, kept in one place so every claim has one source.
 */

// From npm run bench -- search (p95 at 10k traces); the lead updates it from the bench
export const SEARCH_P95_MS = 30;

/** The trace count SEARCH_P95_MS was measured at. */
export const SEARCH_BENCH_TRACES = 10_000;

export const SOURCE_URL = 'https://github.com/cairn-memory/cairn';

/** Contact: questions and bug reports go to the repository's issues, read by the maintainers. */
export const CONTACT_URL = `${SOURCE_URL}/issues`;

export const LICENSE_NAME = 'Apache-2.0';
