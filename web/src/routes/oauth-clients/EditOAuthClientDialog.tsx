import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  type OAuthClient,
  type UpdateOAuthClientRequest,
  UpdateOAuthClientRequest as UpdateSchema,
} from '../../../../contract/oauth.js';
import { useOAuthServerInfo, useUpdateOAuthClient } from '../../api/oauth-clients.js';
import { FormDialog } from '../../components/ui/FormDialog.js';
import { Field } from '../../components/ui/Field.js';
import { Input, Textarea } from '../../components/ui/Input.js';
import { useDiscardGuard } from '../../components/ui/use-discard-guard.js';
import { messageOf } from '../../lib/api-error.js';
import { parseRedirectUris } from '../../lib/redirect-uris.js';
import { useFormErrors } from '../../lib/use-form-errors.js';
import { CallbackPresets } from './CallbackPresets.js';
import { TYPES_REDIRECT_URIS } from './platforms.js';

const FIELDS = ['name', 'redirect_uris'] as const;

/**
 * Rename a client made on this page or change its redirect URIs. The platform's own callbacks are
 * not in the box (the server always keeps them), so only what the person typed can be changed.
 * Mount with a new `key` per opening so the form starts from the stored values.
 */
export function EditOAuthClientDialog({
  client,
  open,
  onClose,
}: {
  client: OAuthClient;
  open: boolean;
  onClose(): void;
}) {
  const presets = useOAuthServerInfo().data?.redirect_uri_presets[client.platform] ?? [];
  const typed = client.redirect_uris.filter((u) => !presets.includes(u));
  const [name, setName] = useState(client.name);
  const [uris, setUris] = useState<string | null>(null);
  const update = useUpdateOAuthClient();
  const form = useFormErrors(FIELDS);
  // The presets arrive with server-info; until the person types, the box shows the stored list.
  const urisText = uris ?? typed.join('\n');
  const showsUris = TYPES_REDIRECT_URIS.has(client.platform);
  const dirty = name !== client.name || (uris !== null && uris !== typed.join('\n'));
  const discard = useDiscardGuard({
    dirty,
    pending: update.isPending,
    close: onClose,
    unsaved: 'Your changes to this client are not saved yet.',
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const changes: UpdateOAuthClientRequest = {};
    if (name.trim() !== client.name) changes.name = name;
    const next = parseRedirectUris(urisText);
    if (showsUris && next.join('\n') !== typed.join('\n')) changes.redirect_uris = next;
    if (Object.keys(changes).length === 0) return onClose();
    if (!form.check(UpdateSchema, changes)) return;
    update.mutate(
      { client, changes },
      {
        onSuccess: () => {
          toast.success('OAuth client updated');
          onClose();
        },
        // A refused redirect URI (details path redirect_uris.N) shows under the box.
        onError: (err) => {
          if (!form.fail(err)) toast.error(messageOf(err, 'Failed to update OAuth client'));
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Edit OAuth client"
      description="The client ID and secret stay the same, so a connected assistant keeps working."
      className="max-w-xl"
      onOpenChange={discard.requestOpenChange}
      onCancel={onClose}
      onSubmit={submit}
      pending={update.isPending}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      after={discard.confirm}
    >
      <Field label="Name" required error={form.errors.name}>
        {(ids) => (
          <Input
            {...ids}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              form.clear('name');
            }}
            autoComplete="off"
          />
        )}
      </Field>
      {showsUris && (
        <Field
          label="Redirect URIs"
          error={form.errors.redirect_uris}
          hint="One per line: where your app receives the authorization code (https, or http on localhost)."
        >
          {(ids) => (
            <Textarea
              {...ids}
              rows={3}
              value={urisText}
              onChange={(e) => {
                setUris(e.target.value);
                form.clear('redirect_uris');
              }}
              className="font-mono"
            />
          )}
        </Field>
      )}
      <CallbackPresets presets={presets}>Cairn keeps this platform’s own callback URLs:</CallbackPresets>
    </FormDialog>
  );
}
