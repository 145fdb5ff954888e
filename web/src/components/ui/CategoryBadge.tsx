import type { Category } from '../../../../contract/traces.js';
import { Badge, type BadgeTone } from './Badge.js';

/** Each category keeps one colour everywhere (list, table, detail, dashboard). */
export const CATEGORY_TONES: Record<Category, BadgeTone> = {
  personal: 'violet',
  work: 'info',
  preference: 'warning',
  fact: 'success',
  context: 'accent',
};

/** A trace's category as a badge coloured by category. */
export function CategoryBadge({ category, className }: { category: Category; className?: string }) {
  return (
    <Badge tone={CATEGORY_TONES[category]} className={className}>
      {category}
    </Badge>
  );
}
