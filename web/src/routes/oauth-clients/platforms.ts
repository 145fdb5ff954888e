import type { OAuthPlatform, OAuthRegisteredVia } from '../../../../contract/oauth.js';
import type { BadgeTone } from '../../components/ui/Badge.js';

export const PLATFORMS: readonly { value: OAuthPlatform; label: string }[] = [
  { value: 'claude', label: 'Claude (claude.ai, Desktop, mobile)' },
  { value: 'chatgpt', label: 'ChatGPT' },
  { value: 'cursor', label: 'Cursor' },
  { value: 'generic', label: 'Other app' },
];

export const PLATFORM_NAMES: Record<OAuthPlatform, string> = {
  claude: 'Claude',
  chatgpt: 'ChatGPT',
  cursor: 'Cursor',
  generic: 'Other app',
};

/** Spec section 5: the redirect URI field shows for ChatGPT (and for apps we have no preset for). */
export const TYPES_REDIRECT_URIS: ReadonlySet<OAuthPlatform> = new Set(['chatgpt', 'generic']);

/** Where each value goes in the platform's own settings. */
export const PASTE_HINTS: Record<OAuthPlatform, string> = {
  claude:
    'In Claude: Settings → Connectors → Add custom connector. Paste the server URL, open Advanced settings, then paste the client ID and client secret.',
  chatgpt:
    'In ChatGPT (Developer mode): Settings → Connectors → Create. Paste the server URL, choose OAuth, then paste the client ID and client secret. Add the callback URL ChatGPT shows to this client’s redirect URIs.',
  cursor:
    'In Cursor: add the server URL to your MCP settings; when Cursor asks for OAuth credentials, give it the client ID and client secret.',
  generic:
    'Point your app at the server URL; it discovers the authorization and token endpoints from there. Use the client ID and client secret when it asks.',
};

export const REGISTERED_VIA: Record<OAuthRegisteredVia, { label: string; tone: BadgeTone }> = {
  manual: { label: 'Created by you', tone: 'neutral' },
  dynamic: { label: 'Registered by the app', tone: 'warning' },
  metadata_document: { label: 'Known app', tone: 'info' },
};
