import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  type OAuthClient,
  type UpdateOAuthClientRequest,
  UpdateOAuthClientRequest as UpdateSchema,
} from '../../../../contract/oauth.js';
import { useOAuthServerInfo, useUpdateOAuthClient } from '../../api/oauth-clients.js';
import { BreakableText } from '../../components/ui/BreakableText.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { Field } from '../../components/ui/Field.js';
import { Input, Textarea } from '../../components/ui/Input.js';
import { useDiscardGuard } from '../../components/ui/use-discard-guard.js';
import { messageOf } from '../../lib/api-error.js';
import { parseRedirectUris } from '../../lib/redirect-uris.js';
import { useFormErrors } from '../../lib/use-form-errors.js';
import { TYPES_REDIRECT_URIS } from './platforms.js';

const FIELDS = ['name', 'redirect_uris'] as const;
const FORM_ID = 'edit-oauth-client-form';

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
    <Dialog
      open={open}
      onOpenChange={discard.requestOpenChange}
      title="Edit OAuth client"
      description="The client ID and secret stay the same, so a connected assistant keeps working."
      className="max-w-xl"
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
        {presets.length > 0 && (
          <div className="text-sm text-fg-muted">
            <p>Cairn keeps this platform’s own callback URLs:</p>
            <ul className="mt-1 space-y-0.5 font-mono text-xs break-words">
              {presets.map((uri) => (
                <li key={uri}>
                  <BreakableText text={uri} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </form>
      {discard.confirm}
    </Dialog>
  );
}
