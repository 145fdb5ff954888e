import { Link } from 'react-router';
import { cn } from '../../lib/cn.js';
import { visibleTags } from '../../lib/tags.js';

/** A trace's tags as small chips; with `max`, the rest collapse into "+N more" (the table shows 3). */
export function TagChips({
  tags,
  max,
  className,
  linked,
}: {
  tags: readonly string[];
  max?: number;
  className?: string;
  /** Chips link to the list filtered by their tag (above a card's full-size link). */
  linked?: boolean;
}) {
  if (tags.length === 0) return null;
  const { shown, more } = max === undefined ? { shown: tags, more: 0 } : visibleTags(tags, max);
  return (
    <ul className={cn('flex flex-wrap items-center gap-1.5', className)} aria-label="Tags">
      {shown.map((tag) => (
        <li
          key={tag}
          title={`#${tag}`}
          className="max-w-full truncate rounded-md bg-surface-muted px-1.5 py-0.5 text-xs text-fg-muted"
        >
          {linked ? (
            <Link
              to={`/app/traces?tags=${encodeURIComponent(tag)}`}
              aria-label={`Show traces tagged ${tag}`}
              className="relative z-10 hover:text-fg hover:underline"
            >
              #{tag}
            </Link>
          ) : (
            `#${tag}`
          )}
        </li>
      ))}
      {more > 0 && <li className="text-xs text-fg-subtle">+{more} more</li>}
    </ul>
  );
}
