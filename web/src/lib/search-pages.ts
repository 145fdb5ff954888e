/**
 * Which part of the search box's one list a page shows (ADR 0026): the ranked results fill the
 * first pages, `pageSize` a page (the last of them may be short); the traces that only contain
 * the words follow on pages of their own, which the server pages as the plain list.
 */
export type SearchPage = {
  /** Pages the ranked results fill. */
  rankedPages: number;
  /** Index of the first ranked result on this page (the ranked count on a later page). */
  rankedFrom: number;
  /** The page of the literal list this page shows, or null on a ranked page. */
  tailPage: number | null;
};

export function searchPages(page: number, rankedCount: number, pageSize: number): SearchPage {
  const rankedPages = Math.ceil(rankedCount / pageSize);
  if (page <= rankedPages) return { rankedPages, rankedFrom: (page - 1) * pageSize, tailPage: null };
  return { rankedPages, rankedFrom: rankedCount, tailPage: page - rankedPages };
}
