import { useState } from 'react';
import { SignUpForm } from '../../lib/password-forms.js';
import { useFormErrors } from '../../lib/use-form-errors.js';
import { TextField } from '../ui/TextField.js';
import { NewPasswordFields } from './NewPasswordFields.js';

const FIELDS = ['email', 'password', 'confirm'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The e-mail and new password of an account being made, with their errors: the same on sign-up
 * and on the owner's one-time set-up, checked by the contract's rules before anything is sent.
 */
export function useNewAccountForm() {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '', confirm: '' });
  const form = useFormErrors(FIELDS);
  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clear(field);
  };
  const fields = (
    <>
      <TextField
        label="Email"
        required
        type="email"
        autoComplete="email"
        error={form.errors.email}
        value={values.email}
        onValueChange={set('email')}
      />
      <NewPasswordFields
        label="Password"
        password={values.password}
        confirm={values.confirm}
        onPasswordChange={set('password')}
        onConfirmChange={set('confirm')}
        errors={form.errors}
      />
    </>
  );
  return {
    fields,
    /** The e-mail and password to send, or null after showing what is wrong under each field. */
    check: () => form.check(SignUpForm, values),
    /** Shows a refused request under its fields; false when it named none of them. */
    fail: form.fail,
  };
}
