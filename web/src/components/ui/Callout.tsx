import { CircleAlert, Info, Lightbulb, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

const TONES = {
  info: { box: 'bg-info-soft text-info-soft-fg', icon: Info },
  tip: { box: 'bg-accent-soft text-accent-soft-fg', icon: Lightbulb },
  warning: { box: 'bg-warning-soft text-warning-soft-fg', icon: TriangleAlert },
  danger: { box: 'bg-danger-soft text-danger-soft-fg', icon: CircleAlert },
} as const;

/** A tinted note box with an icon, for requirements, caveats and warnings. */
export function Callout({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { box, icon: Icon } = TONES[tone];
  return (
    <div className={cn('flex gap-3 rounded-lg p-4 text-sm', box, className)}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1 leading-relaxed">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  );
}
