/** Small SQL helpers shared by every feature's repository (repositories themselves stay private). */

/** pgvector's text form of a vector. Vectors are finite: the embedders normalise and check them. */
export function vectorLiteral(v: readonly number[]): string {
  return `[${v.join(',')}]`;
}

/** A unique index refused the write (SQLSTATE 23505), on PGlite and PostgreSQL alike. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
