import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.js';
import { cn } from '../../lib/cn.js';

/** A centred message in place of a list: empty, failed or not available. */
export function ListMessage({
  icon,
  title,
  text,
  action,
  tone = 'neutral',
  asPageTitle = false,
}: {
  icon: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'danger';
  /** The message is all the page shows (a detail page's "Trace not found"): its title is the h1. */
  asPageTitle?: boolean;
}) {
  const Heading = asPageTitle ? 'h1' : 'h2';
  return (
    <div
      role={tone === 'danger' ? 'alert' : undefined}
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line-strong bg-surface px-6 py-14 text-center"
    >
      <span
        className={cn(
          'flex size-12 items-center justify-center rounded-full [&_svg]:size-6',
          tone === 'danger' ? 'bg-danger-soft text-danger' : 'bg-accent-soft text-accent-soft-fg',
        )}
      >
        {icon}
      </span>
      <Heading className="text-base font-semibold text-fg">{title}</Heading>
      {text && <p className="max-w-md text-sm text-fg-muted">{text}</p>}
      {action && <div className="pt-1">{action}</div>}
    </div>
  );
}

/** A list that could not be loaded: says what, and offers to try again. */
export function FailedToLoad({ title, onRetry }: { title: string; onRetry(): void }) {
  return (
    <ListMessage
      icon={<AlertCircle aria-hidden="true" />}
      tone="danger"
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
