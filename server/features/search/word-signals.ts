// The relevance model's signals that come from words alone (no vectors): idf as the full-text arm
// weighs a lexeme, matches by a shared beginning, and pseudo-relevance feedback. Shared by the
// service (relevance-ranking.ts) and the fit (scripts/fit-relevance.ts), so both compute the
// same numbers. Measured on LoCoMo dev in ADR 0008 ("Words beyond the query").

/** idf as the full-text arm computes it; a word no note holds gets the idf of df 0 (the highest). */
export function idf(documents: number, df: number): number {
  return Math.log(1 + (documents - df + 0.5) / (df + 0.5));
}

/** How many leading letters two lexemes must share to count as a prefix match. */
export const PREFIX_LETTERS = 4;

/**
 * Share of the query's idf mass (`weight`: lexeme → idf) held only through a shared beginning: a
 * query lexeme the note lacks whose first four letters begin one of the note's lexemes. The
 * English stemmer keeps "photographi" and "photo", or "vacat" and "vacay", apart; this does not
 * (and also joins some unrelated words, which the fitted weight accounts for).
 */
export function prefixShare(weight: ReadonlyMap<string, number>, lexemes: ReadonlySet<string>): number {
  let mass = 0;
  let held = 0;
  const beginnings = new Set<string>();
  for (const l of lexemes) if (l.length >= PREFIX_LETTERS) beginnings.add(l.slice(0, PREFIX_LETTERS));
  for (const [lexeme, w] of weight) {
    mass += w;
    if (
      !lexemes.has(lexeme) &&
      lexeme.length >= PREFIX_LETTERS &&
      beginnings.has(lexeme.slice(0, PREFIX_LETTERS))
    )
      held += w;
  }
  return mass > 0 ? held / mass : 0;
}

export type ExpansionTerm = { lexeme: string; weight: number };

/**
 * Pseudo-relevance feedback (Rocchio's idea, on words): the notes a first pass ranks highest are
 * probably about what the query means, so the words they share say more of it than the query's
 * own few. Each lexeme of those notes that the query lacks weighs its idf once per note holding
 * it; the `count` heaviest are the expansion terms. A lexeme only one note in the store holds is
 * left out: it can only point back at that note.
 */
export function expansionTerms(
  top: readonly ReadonlySet<string>[],
  query: ReadonlySet<string>,
  df: ReadonlyMap<string, number>,
  documents: number,
  count: number,
): ExpansionTerm[] {
  const weight = new Map<string, number>();
  for (const lexemes of top)
    for (const l of lexemes) {
      const n = df.get(l) ?? 1;
      if (query.has(l) || n < 2) continue;
      weight.set(l, (weight.get(l) ?? 0) + idf(documents, n));
    }
  return [...weight]
    .map(([lexeme, w]) => ({ lexeme, weight: w }))
    .sort((a, b) => b.weight - a.weight || (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0))
    .slice(0, count);
}

/** Share of the expansion terms' weight a note holds (0 when there are none). */
export function feedbackShare(terms: readonly ExpansionTerm[], lexemes: ReadonlySet<string>): number {
  let total = 0;
  let held = 0;
  for (const t of terms) {
    total += t.weight;
    if (lexemes.has(t.lexeme)) held += t.weight;
  }
  return total > 0 ? held / total : 0;
}
