import { MIN_PASSWORD_LENGTH } from '../../../../contract/auth.js';
import { TextField } from '../ui/TextField.js';

type Props = {
  /** "Password" when creating an account, "New password" when changing it. */
  label: string;
  password: string;
  confirm: string;
  onPasswordChange(value: string): void;
  onConfirmChange(value: string): void;
  errors: { password?: string | undefined; confirm?: string | undefined };
};

/**
 * A new password and its confirmation, the same on every form that sets one (sign-up, owner
 * set-up, password change). The rules behind the errors are the contract's NewPasswordSchema.
 */
export function NewPasswordFields({
  label,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errors,
}: Props) {
  return (
    <>
      <TextField
        label={label}
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password}
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        value={password}
        onValueChange={onPasswordChange}
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        required
        error={errors.confirm}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onValueChange={onConfirmChange}
      />
    </>
  );
}
