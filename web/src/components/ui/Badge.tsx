import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.js';

export const BADGE_TONES = {
  neutral: 'bg-surface-muted text-fg-muted border-line',
  accent: 'bg-accent-soft text-accent-soft-fg border-transparent',
  success: 'bg-success-soft text-success-soft-fg border-transparent',
  warning: 'bg-warning-soft text-warning-soft-fg border-transparent',
  danger: 'bg-danger-soft text-danger-soft-fg border-transparent',
  info: 'bg-info-soft text-info-soft-fg border-transparent',
  violet: 'bg-violet-soft text-violet-soft-fg border-transparent',
} as const;

export type BadgeTone = keyof typeof BADGE_TONES;

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        BADGE_TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
