import type { Part } from '../../lib/highlight.js';

/** Text with the parts a search matched marked (<mark>, which screen readers can announce). */
export function Highlighted({ parts }: { parts: readonly Part[] }) {
  return parts.map((part, i) =>
    part.match ? (
      <mark key={i} className="rounded-sm bg-highlight px-0.5 text-fg">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
