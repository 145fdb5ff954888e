// The relevance fit's design matrix: one row of feature values per candidate (scripts/fit-relevance.ts).
import { featureValues, type FeatureName } from '../../server/features/search/relevance.js';
import type { Query } from '../collect-relevance.js';

/** The candidates' features and labels, the generated check queries left out (they only measure). */
export function design(queries: Query[], features: FeatureName[]) {
  const rows = queries.flatMap((q) => (q.kind === 'check-nonsense' ? [] : q.rows));
  return {
    x: rows.map((r) => {
      const v = featureValues(r.signals);
      return features.map((f) => {
        // The service takes an unknown feature at its fitted mean; fitted on one, it would not be.
        const value = v[f];
        if (value === null) throw new Error(`A candidate has no ${f}: collect with every note embedded`);
        return value;
      });
    }),
    y: rows.map((r) => r.positive),
  };
}
