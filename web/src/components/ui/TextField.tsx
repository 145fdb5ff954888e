import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './Field.js';
import { Input } from './Input.js';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** The common case of Field + Input: a labelled text, e-mail or password box with hint and error. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  required,
  className,
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} required={required ?? false} error={error} hint={hint} className={className}>
      {(ids) => (
        <Input
          {...input}
          {...ids}
          required={required}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </Field>
  );
}
