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

export const REGISTERED_VIA: Record<OAuthRegisteredVia, { label: string; tone: BadgeTone }> = {
  manual: { label: 'Created by you', tone: 'neutral' },
  dynamic: { label: 'Registered by the app', tone: 'warning' },
  metadata_document: { label: 'Known app', tone: 'info' },
};
