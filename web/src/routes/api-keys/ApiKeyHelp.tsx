import { API_KEY_PREFIX, API_KEY_RANDOM_LENGTH } from '../../../../contract/api-keys.js';
import { setupUrls, useServerInfo } from '../../api/server-info.js';
import { CopyField } from '../../components/ui/CodeBlock.js';
import { AppLink, InlineCode } from '../mcp-setup/setup-parts.js';

/** Spec section 2: the key format and the usage hints (401, 403, connection failed, tools not loading). */
export function ApiKeyHelp() {
  const info = useServerInfo();
  const urls = setupUrls(info.data, window.location.origin);
  const hints = [
    {
      term: '401 Unauthorized',
      detail: (
        <>
          The key is missing, mistyped or revoked. Check that the whole key is sent as{' '}
          <InlineCode>Authorization: Bearer {API_KEY_PREFIX}…</InlineCode>.
        </>
      ),
    },
    {
      term: '403 Forbidden',
      detail: (
        <>
          The key lacks the permission for what was asked, e.g. a read-only key calling{' '}
          <InlineCode>create</InlineCode>. Create a key with <InlineCode>write:traces</InlineCode>.
        </>
      ),
    },
    {
      term: 'Connection failed',
      detail: (
        <>
          Check the URL is <InlineCode>{urls.mcpUrl}</InlineCode> (PUBLIC_URL/mcp) and that the server is
          reachable from the client. claude.ai and ChatGPT need HTTPS.
        </>
      ),
    },
    {
      term: 'Tools not loading',
      detail: 'Restart the client after changing its configuration, and check its Authorization header.',
    },
  ];

  return (
    <div className="space-y-6 text-sm leading-relaxed text-fg-muted">
      <div className="space-y-2">
        <h3 className="font-semibold text-fg">Key format</h3>
        <p>
          A key starts with <InlineCode>{API_KEY_PREFIX}</InlineCode> followed by {API_KEY_RANDOM_LENGTH}{' '}
          characters. Cairn stores only a hash of it and the first characters shown in the list, so a key
          cannot be shown again: if you lose one, revoke it and create another.
        </p>
      </div>
      <div className="space-y-2">
        <h3 className="font-semibold text-fg">Using a key</h3>
        <p>
          Send it in the <InlineCode>Authorization: Bearer</InlineCode> header to the MCP endpoint or the REST
          API. The <AppLink to="/app/mcp-setup">MCP Setup</AppLink> page has the exact steps for each client.
        </p>
        <CopyField value={urls.mcpUrl} copyLabel="Copy MCP server URL" />
      </div>
      <div className="space-y-2">
        <h3 className="font-semibold text-fg">Troubleshooting</h3>
        <dl className="divide-y divide-line rounded-lg border border-line">
          {hints.map((h) => (
            <div key={h.term} className="grid gap-1 p-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
              <dt className="font-medium text-fg">{h.term}</dt>
              <dd>{h.detail}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
