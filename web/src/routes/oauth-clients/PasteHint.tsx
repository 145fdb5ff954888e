import type { OAuthPlatform } from '../../../../contract/oauth.js';
import { CheckedOn, MenuPath } from '../../components/ui/MenuPath.js';
import { CHATGPT, CLAUDE } from '../../lib/vendor-guides.js';

/**
 * Where a client's values go in the platform's own settings. Claude's and ChatGPT's steps come from
 * the vendor guides the MCP Setup tabs use, with the day they were checked.
 */
export function PasteHint({ platform }: { platform: OAuthPlatform }) {
  switch (platform) {
    case 'claude':
      return (
        <div className="space-y-1 text-sm text-fg-muted">
          <p>
            In Claude: <MenuPath parts={CLAUDE.addConnector} />. Paste the server URL, open{' '}
            <MenuPath parts={CLAUDE.advanced} />, then paste the client ID and client secret.
          </p>
          <CheckedOn date={CLAUDE.checkedOn} source={CLAUDE.source.label} href={CLAUDE.source.href} />
        </div>
      );
    case 'chatgpt':
      return (
        <div className="space-y-1 text-sm text-fg-muted">
          <p>
            In ChatGPT, with developer mode on (<MenuPath parts={CHATGPT.developerMode} />
            ): in <MenuPath parts={CHATGPT.apps} /> choose{' '}
            <span className="font-medium text-fg">{CHATGPT.createApp}</span>, paste the server URL, choose
            OAuth, then paste the client ID and client secret. Cairn already accepts ChatGPT’s callback.
          </p>
          <CheckedOn date={CHATGPT.checkedOn} source={CHATGPT.source.label} href={CHATGPT.source.href} />
        </div>
      );
    case 'cursor':
      return (
        <p className="text-sm text-fg-muted">
          In Cursor: add the server URL to your MCP settings; when Cursor asks for OAuth credentials, give it
          the client ID and client secret.
        </p>
      );
    case 'generic':
      return (
        <p className="text-sm text-fg-muted">
          Point your app at the server URL; it discovers the authorization and token endpoints from there. Use
          the client ID and client secret when it asks.
        </p>
      );
  }
}
