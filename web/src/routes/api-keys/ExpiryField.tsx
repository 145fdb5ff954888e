import { useId } from 'react';
import { Input } from '../../components/ui/Input.js';
import { Select } from '../../components/ui/Select.js';
import { EXPIRY_OPTIONS, type ExpiryChoice, tomorrow } from '../../lib/key-expiry.js';

/** When a key stops working: a span, a date of one's own, or never (ADR 0027). */
export function ExpiryField({
  choice,
  date,
  onChoice,
  onDate,
  error,
}: {
  choice: ExpiryChoice;
  date: string;
  onChoice(choice: ExpiryChoice): void;
  onDate(date: string): void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-choice`} className="text-sm font-medium text-fg">
        Expires
      </label>
      <div className="flex flex-wrap gap-2">
        <Select
          id={`${id}-choice`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          value={choice}
          onValueChange={(v) => onChoice(v as ExpiryChoice)}
          options={EXPIRY_OPTIONS}
          className="w-full sm:w-44"
        />
        {choice === 'date' && (
          <Input
            type="date"
            aria-label="Expiry date"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            min={tomorrow(new Date())}
            value={date}
            onChange={(e) => onDate(e.target.value)}
            className="w-full sm:w-44"
          />
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-fg-muted">
        An expired key gets 401 api_key_expired until you give it a later date or revoke it.
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
