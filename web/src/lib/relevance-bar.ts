/**
 * A search result's relevance (0–1, the same scale for every query) as a whole percentage for its
 * bar and label: clamped, so a bar never has a negative width or overflows, whatever a server sends.
 */
export function relevancePercent(relevance: number): number {
  return Number.isFinite(relevance) ? Math.round(Math.min(1, Math.max(0, relevance)) * 100) : 0;
}
