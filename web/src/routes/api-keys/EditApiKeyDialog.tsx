import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { API_KEY_LIMITS, type ApiKey, type UpdateApiKeyRequest } from '../../../../contract/api-keys.js';
import { useUpdateApiKey } from '../../api/api-keys.js';
import { FormDialog } from '../../components/ui/FormDialog.js';
import { Field } from '../../components/ui/Field.js';
import { Input } from '../../components/ui/Input.js';
import { useDiscardGuard } from '../../components/ui/use-discard-guard.js';
import { errorText } from '../../lib/form-errors.js';
import { type ExpiryChoice, expiryFromChoice } from '../../lib/key-expiry.js';
import { ExpiryField } from './ExpiryField.js';

/** Rename a key or change when it expires; the key itself stays the same (ADR 0027). */
export function EditApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose(): void }) {
  const [name, setName] = useState(apiKey.name);
  // "Keep" leaves the expiry as it is; the other choices set a new one.
  const [expiry, setExpiry] = useState<ExpiryChoice | 'keep'>('keep');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<{ name?: string; expiry?: string }>({});
  const update = useUpdateApiKey();
  const dirty = name !== apiKey.name || expiry !== 'keep';
  const discard = useDiscardGuard({
    dirty,
    pending: update.isPending,
    close: onClose,
    unsaved: 'Your changes to this key are not saved yet.',
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const changes: UpdateApiKeyRequest = {};
    const trimmed = name.trim();
    if (!trimmed) return setErrors({ name: 'Name is required' });
    if (trimmed !== apiKey.name) changes.name = trimmed;
    if (expiry !== 'keep') {
      const at = expiryFromChoice(expiry, date, new Date());
      if (at === undefined) return setErrors({ expiry: 'Choose a day after today' });
      changes.expires_at = at;
    }
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { id: apiKey.id, changes },
      {
        onSuccess: () => {
          toast.success('API key updated');
          onClose();
        },
        onError: (err) => toast.error(`Failed to update API key: ${errorText(err, 'Something went wrong')}`),
      },
    );
  };

  return (
    <FormDialog
      title="Edit API key"
      description={`${apiKey.prefix}… keeps working for whatever uses it.`}
      onOpenChange={discard.requestOpenChange}
      onCancel={onClose}
      onSubmit={submit}
      pending={update.isPending}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      after={discard.confirm}
    >
      <Field label="Name" required error={errors.name}>
        {(ids) => (
          <Input
            {...ids}
            value={name}
            maxLength={API_KEY_LIMITS.nameMax}
            onChange={(e) => {
              setName(e.target.value);
              setErrors({});
            }}
            autoComplete="off"
          />
        )}
      </Field>
      <ExpiryField
        choice={expiry === 'keep' ? (apiKey.expires_at ? 'date' : 'never') : expiry}
        date={expiry === 'keep' ? (apiKey.expires_at?.slice(0, 10) ?? '') : date}
        onChoice={(c) => {
          setExpiry(c);
          setErrors({});
        }}
        onDate={(d) => {
          setExpiry('date');
          setDate(d);
          setErrors({});
        }}
        error={errors.expiry}
      />
    </FormDialog>
  );
}
