import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.js';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle className={cn('size-5 animate-spin text-accent', className)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The large spinner shown while the session loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner className="size-10" />
    </div>
  );
}
