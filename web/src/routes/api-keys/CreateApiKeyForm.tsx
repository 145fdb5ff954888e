import { type FormEvent, type Ref, useState } from 'react';
import { toast } from 'sonner';
import {
  API_KEY_LIMITS,
  type ApiKeyPermission,
  type CreatedApiKey,
  DEFAULT_API_KEY_PERMISSIONS,
} from '../../../../contract/api-keys.js';
import { useCreateApiKey } from '../../api/api-keys.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { Input } from '../../components/ui/Input.js';
import { messageOf } from '../../lib/api-error.js';
import { type ExpiryChoice, expiryFromChoice } from '../../lib/key-expiry.js';
import { ExpiryField } from './ExpiryField.js';
import { PERMISSION_LABELS } from './permissions.js';

/** Spec sections 5 and 9: name required and trimmed; both permissions on by default. */
export function CreateApiKeyForm({
  onCreated,
  nameRef,
}: {
  onCreated(created: CreatedApiKey): void;
  nameRef?: Ref<HTMLInputElement>;
}) {
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>([...DEFAULT_API_KEY_PERMISSIONS]);
  const [nameError, setNameError] = useState<string | undefined>();
  const [permissionError, setPermissionError] = useState<string | undefined>();
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [expiryDate, setExpiryDate] = useState('');
  const [expiryError, setExpiryError] = useState<string | undefined>();
  const create = useCreateApiKey();

  const toggle = (permission: ApiKeyPermission, on: boolean) => {
    setPermissionError(undefined);
    setPermissions((current) =>
      on ? [...new Set([...current, permission])] : current.filter((p) => p !== permission),
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    // An empty name submits nothing: the button stays disabled until there is one.
    if (!trimmed) return setNameError('Name is required');
    if (permissions.length === 0) return setPermissionError('Choose at least one permission');
    const expiresAt = expiryFromChoice(expiry, expiryDate, new Date());
    if (expiresAt === undefined) return setExpiryError('Choose a day after today');
    create.mutate(
      { name: trimmed, permissions, expires_at: expiresAt },
      {
        onSuccess: (created) => {
          toast.success('API key created successfully!');
          setName('');
          setPermissions([...DEFAULT_API_KEY_PERMISSIONS]);
          setExpiry('never');
          setExpiryDate('');
          onCreated(created);
        },
        onError: (err) => toast.error(messageOf(err, 'Failed to create API key')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Field
        label="Name"
        required
        error={nameError}
        hint="Something to recognise it by, such as the tool and machine."
      >
        {(ids) => (
          <Input
            {...ids}
            ref={nameRef}
            placeholder="e.g. Claude Code on my laptop"
            maxLength={API_KEY_LIMITS.nameMax}
            autoComplete="off"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(undefined);
            }}
          />
        )}
      </Field>
      <fieldset
        className="space-y-2"
        aria-describedby={permissionError ? 'api-key-permission-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-fg">Permissions</legend>
        {(Object.keys(PERMISSION_LABELS) as ApiKeyPermission[]).map((permission) => (
          <label key={permission} className="flex items-start gap-3 rounded-lg p-1 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-accent"
              checked={permissions.includes(permission)}
              onChange={(e) => toggle(permission, e.target.checked)}
            />
            <span>
              <span className="font-mono text-[13px] text-fg">{permission}</span>
              <span className="block text-fg-muted">{PERMISSION_LABELS[permission]}</span>
            </span>
          </label>
        ))}
        {permissionError && (
          <p id="api-key-permission-error" role="alert" className="text-sm text-danger">
            {permissionError}
          </p>
        )}
      </fieldset>
      <ExpiryField
        choice={expiry}
        date={expiryDate}
        onChoice={(c) => {
          setExpiry(c);
          setExpiryError(undefined);
        }}
        onDate={(d) => {
          setExpiryDate(d);
          setExpiryError(undefined);
        }}
        error={expiryError}
      />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create API Key'}
      </Button>
    </form>
  );
}
