import { Link } from 'react-router';
import { cn } from '../../lib/cn.js';

/** Stacked stones: a cairn marks the way so you can find it again. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
      <ellipse cx="16" cy="24" rx="9" ry="3.5" fill="var(--color-accent-fg)" opacity="0.95" />
      <ellipse cx="16" cy="17" rx="6.5" ry="3" fill="var(--color-accent-fg)" opacity="0.8" />
      <ellipse cx="16" cy="11" rx="4.5" ry="2.5" fill="var(--color-accent-fg)" opacity="0.65" />
      <ellipse cx="16" cy="6.5" rx="2.5" ry="1.6" fill="var(--color-accent-fg)" opacity="0.5" />
    </svg>
  );
}

export function Logo({
  to = '/',
  compact = false,
  wordmarkFromSm = false,
}: {
  to?: string;
  compact?: boolean;
  /** The name shows from 400 px on only: a 320 px header needs its room for the buttons. */
  wordmarkFromSm?: boolean;
}) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2.5 rounded-md font-semibold text-fg"
      aria-label="Cairn home"
    >
      <LogoMark />
      {!compact && (
        <span className={cn('text-lg tracking-tight', wordmarkFromSm && 'hidden min-[400px]:inline')}>
          Cairn
        </span>
      )}
    </Link>
  );
}
