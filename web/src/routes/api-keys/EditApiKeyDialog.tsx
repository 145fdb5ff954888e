import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { API_KEY_LIMITS, type ApiKey, type UpdateApiKeyRequest } from '../../../../contract/api-keys.js';
import { useUpdateApiKey } from '../../api/api-keys.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { Field } from '../../components/ui/Field.js';
import { Input } from '../../components/ui/Input.js';
import { useDiscardGuard } from '../../components/ui/use-discard-guard.js';
import { errorText } from '../../lib/form-errors.js';
import { type ExpiryChoice, expiryFromChoice } from '../../lib/key-expiry.js';
import { ExpiryField } from './ExpiryField.js';

const FORM_ID = 'edit-api-key-form';

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
    <Dialog
      open
      onOpenChange={discard.requestOpenChange}
      title="Edit API key"
      description={`${apiKey.prefix}… keeps working for whatever uses it.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="space-y-4">
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
      </form>
      {discard.confirm}
    </Dialog>
  );
}
