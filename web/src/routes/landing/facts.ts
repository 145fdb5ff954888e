/**
 * Facts the public pages state about Cairn, kept in one place so every claim has one source.
 */

// `npm run bench -- search` on the 2-core reference machine, 2026-11-23: p95 51.7 and 58.4 ms at
// 10k traces (docs/decisions/0008-hybrid-search.md), rounded up. Update it with the bench.
export const SEARCH_P95_MS = 60;

/** The trace count SEARCH_P95_MS was measured at. */
export const SEARCH_BENCH_TRACES = 10_000;

export const SOURCE_URL = 'https://github.com/cairn-memory/cairn';

/** Contact: questions and bug reports go to the repository's issues, read by the maintainers. */
export const CONTACT_URL = `${SOURCE_URL}/issues`;

export const LICENSE_NAME = 'Apache-2.0';
