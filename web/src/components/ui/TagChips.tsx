import { cn } from '../../lib/cn.js';
import { visibleTags } from '../../lib/tags.js';

/** A trace's tags as small chips; with `max`, the rest collapse into "+N more" (the table shows 3). */
export function TagChips({
  tags,
  max,
  className,
}: {
  tags: readonly string[];
  max?: number;
  className?: string;
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
          #{tag}
        </li>
      ))}
      {more > 0 && <li className="text-xs text-fg-subtle">+{more} more</li>}
    </ul>
  );
}
