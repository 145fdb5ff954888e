import type { Importance } from '../../../../contract/traces.js';
import { cn } from '../../lib/cn.js';
import { Badge } from './Badge.js';

const DOT: Record<Importance, string> = {
  high: 'bg-danger',
  medium: 'bg-warning-soft-fg',
  low: 'bg-success-soft-fg',
};

/** The importance as a coloured dot with its word, so colour is never the only cue (cards, table). */
export function ImportanceDot({ importance, className }: { importance: Importance; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs text-fg-muted', className)}>
      <span className={cn('size-2 shrink-0 rounded-full', DOT[importance])} aria-hidden="true" />
      <span>
        <span className="sr-only">Importance: </span>
        {importance}
      </span>
    </span>
  );
}

/** The detail page's importance badge: high red, medium yellow, otherwise green. */
export function ImportanceBadge({ importance }: { importance: Importance }) {
  const tone = importance === 'high' ? 'danger' : importance === 'medium' ? 'warning' : 'success';
  return (
    <Badge tone={tone}>
      <span className={cn('size-1.5 rounded-full', DOT[importance])} aria-hidden="true" />
      {importance} importance
    </Badge>
  );
}
