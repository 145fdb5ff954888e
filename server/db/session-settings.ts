/**
 * Settings every database session starts with, on both engines (PGlite's thread sets them when it
 * opens; each PostgreSQL connection gets them as startup options), so no statement has to set them
 * again on the hot path.
 *
 * The HNSW candidate list: pgvector's default of 40 loses recall past ~40 results (ADR 0008); the
 * iterative scan lets a filtered nearest-neighbour search keep walking the graph until enough rows
 * pass the filters.
 */
export const HNSW_EF_SEARCH = 100;

export const SESSION_SETTINGS: Readonly<Record<string, string>> = {
  'hnsw.ef_search': String(HNSW_EF_SEARCH),
  'hnsw.iterative_scan': 'relaxed_order',
};
