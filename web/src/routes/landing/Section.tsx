import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

/** One landing section: an anchor target (below the sticky header) with its eyebrow, title and lead. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  id?: string;
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-16 py-20 sm:py-24', className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
          <h2 id={headingId} className="mt-2 text-3xl font-semibold tracking-tight text-fg sm:text-4xl">
            {title}
          </h2>
          {lead && <p className="mt-4 text-base leading-relaxed text-fg-muted sm:text-lg">{lead}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
