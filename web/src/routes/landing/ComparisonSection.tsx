import { Check, Minus } from 'lucide-react';
import { SEARCH_P95_MS } from './facts.js';
import { Section } from './Section.js';

type Row = { feature: string; cairn: string; generic: string };

/** Spec section 2: ten rows. The right-hand column describes what is typical, not any one product. */
const ROWS: readonly Row[] = [
  {
    feature: 'Works across assistants',
    cairn: 'Claude, ChatGPT, Cursor, Claude Code and REST',
    generic: 'Usually tied to one assistant',
  },
  {
    feature: 'Where memories live',
    cairn: 'On your own server; works offline',
    generic: 'In the vendor’s cloud',
  },
  {
    feature: 'Search',
    cairn: `Hybrid semantic + full-text, p95 under ${SEARCH_P95_MS} ms`,
    generic: 'Often keyword-only or vector-only',
  },
  {
    feature: 'Organisation',
    cairn: 'Category, tags and importance set automatically',
    generic: 'A flat list, sorted by hand',
  },
  {
    feature: 'Isolation between people',
    cairn: 'Owner filter plus PostgreSQL row-level security',
    generic: 'Rarely documented',
  },
  {
    feature: 'API keys',
    cairn: 'Hashed, visible prefix, read or write scope, instant revoke',
    generic: 'Often one all-powerful token',
  },
  {
    feature: 'Export and deletion',
    cairn: 'Export all your traces; delete them for good',
    generic: 'Depends on the vendor',
  },
  {
    feature: 'Training on your data',
    cairn: 'Never; no telemetry either',
    generic: 'Depends on the vendor’s terms',
  },
  { feature: 'Source code', cairn: 'Open source, Apache-2.0', generic: 'Usually closed' },
  { feature: 'Price', cairn: 'Free, no credit card', generic: 'Often a subscription' },
];

export function ComparisonSection() {
  return (
    <Section
      id="comparison"
      eyebrow="Comparison"
      title="Cairn versus generic memory plugins"
      lead="Built-in assistant memories and memory plugins are convenient, until you switch assistants or want to know where your memories are."
    >
      <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
        <table className="w-full table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">
            Cairn compared with generic memory plugins, feature by feature
          </caption>
          <thead className="bg-surface-muted text-fg">
            <tr>
              <th scope="col" className="w-[30%] px-3 py-3 font-semibold sm:px-5">
                Feature
              </th>
              <th scope="col" className="px-3 py-3 font-semibold sm:px-5">
                Cairn
              </th>
              <th scope="col" className="px-3 py-3 font-semibold sm:px-5">
                Generic memory plugins
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {ROWS.map((row) => (
              <tr key={row.feature} className="align-top">
                <th scope="row" className="px-3 py-3 font-medium text-fg sm:px-5">
                  {row.feature}
                </th>
                <td className="px-3 py-3 text-fg sm:px-5">
                  <span className="flex gap-2">
                    <Check
                      className="mt-0.5 hidden size-4 shrink-0 text-success-soft-fg sm:block"
                      aria-hidden="true"
                    />
                    {row.cairn}
                  </span>
                </td>
                <td className="px-3 py-3 text-fg-muted sm:px-5">
                  <span className="flex gap-2">
                    <Minus
                      className="mt-0.5 hidden size-4 shrink-0 text-fg-subtle sm:block"
                      aria-hidden="true"
                    />
                    {row.generic}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-4 text-center text-xs text-fg-muted">
        The right-hand column describes what is common among hosted memory plugins; individual products
        differ.
      </p>
    </Section>
  );
}
