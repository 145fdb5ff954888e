import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

const FIELD =
  'w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg placeholder:text-fg-subtle ' +
  'shadow-sm transition-colors focus-visible:border-accent disabled:cursor-not-allowed disabled:bg-surface-muted ' +
  'disabled:text-fg-muted aria-[invalid=true]:border-danger';

/** `ref` passes through (React 19), so a page can focus the field. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(FIELD, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(FIELD, 'min-h-24 py-2 leading-relaxed', className)} {...props} />;
}
