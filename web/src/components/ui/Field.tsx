import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.js';

type FieldProps = {
  label: ReactNode;
  /** Shown under the control and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Receives the ids to put on the control, so label, hint and error are wired for screen readers. */
  children: (ids: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
};

/** A labelled form control with its hint and error. */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      {/* The required mark sits outside the label so the control's accessible name is the label alone. */}
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {required && (
          <span className="text-sm text-danger" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children({ id, 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true } : {}) })}
      {hint && (
        <p id={hintId} className="text-xs text-fg-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
