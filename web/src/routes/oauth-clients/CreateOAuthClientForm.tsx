import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { OAuthClientWithSecret, OAuthPlatform } from '../../../../contract/oauth.js';
import { useCreateOAuthClient, useOAuthServerInfo } from '../../api/oauth-clients.js';
import { Button } from '../../components/ui/Button.js';
import { Field } from '../../components/ui/Field.js';
import { Input, Textarea } from '../../components/ui/Input.js';
import { Select } from '../../components/ui/Select.js';
import { messageOf } from '../../lib/api-error.js';
import { parseRedirectUris } from '../../lib/redirect-uris.js';
import { useFormErrors } from '../../lib/use-form-errors.js';
import { CallbackPresets } from './CallbackPresets.js';
import { PLATFORMS, TYPES_REDIRECT_URIS } from './platforms.js';

const FIELDS = ['name', 'redirect_uris'] as const;

export function CreateOAuthClientForm({ onCreated }: { onCreated(client: OAuthClientWithSecret): void }) {
  const create = useCreateOAuthClient();
  const serverInfo = useOAuthServerInfo();
  const [name, setName] = useState('');
  const [platform, setPlatform] = useState<OAuthPlatform>('claude');
  const [uris, setUris] = useState('');
  const form = useFormErrors(FIELDS);
  const [nameError, setNameError] = useState<string | undefined>();
  const presets = serverInfo.data?.redirect_uri_presets[platform] ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setNameError('Name is required');
    setNameError(undefined);
    form.clear();
    create.mutate(
      {
        name: name.trim(),
        platform,
        redirect_uris: TYPES_REDIRECT_URIS.has(platform) ? parseRedirectUris(uris) : [],
      },
      {
        onSuccess: (client) => {
          toast.success('OAuth client created successfully');
          setName('');
          setUris('');
          onCreated(client);
        },
        // A refused redirect URI (details path redirect_uris.N) shows under the box it was typed in.
        onError: (err) => {
          if (!form.fail(err)) toast.error(messageOf(err, 'Failed to create OAuth client'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
      <Field label="Name" required error={nameError ?? form.errors.name}>
        {(ids) => (
          <Input
            {...ids}
            value={name}
            placeholder="My Claude connector"
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <Field label="Platform" required>
        {(ids) => (
          <Select
            id={ids.id}
            value={platform}
            onValueChange={(v) => setPlatform(v as OAuthPlatform)}
            options={PLATFORMS}
          />
        )}
      </Field>
      {TYPES_REDIRECT_URIS.has(platform) && (
        <Field
          className="md:col-span-2"
          label="Redirect URIs"
          error={form.errors.redirect_uris}
          hint={
            platform === 'chatgpt'
              ? 'Optional, one per line: only a callback URL ChatGPT shows that differs from the one Cairn adds below.'
              : 'One per line: where your app receives the authorization code (https, or http on localhost).'
          }
        >
          {(ids) => (
            <Textarea
              {...ids}
              rows={3}
              value={uris}
              placeholder={
                platform === 'chatgpt'
                  ? 'https://chatgpt.com/connector/oauth/…'
                  : 'https://app.example.com/callback'
              }
              onChange={(e) => {
                setUris(e.target.value);
                form.clear('redirect_uris');
              }}
              className="font-mono"
            />
          )}
        </Field>
      )}
      <CallbackPresets presets={presets} className="md:col-span-2">
        Cairn adds {platform === 'chatgpt' ? 'ChatGPT’s stable callback' : 'this platform’s callback URLs'}{' '}
        for you:
      </CallbackPresets>
      <div className="md:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create client'}
        </Button>
      </div>
    </form>
  );
}
