import type { ThemeChoice } from './theme.js';

/** What a palette entry does when chosen. */
export type PaletteAction =
  { kind: 'go'; to: string } | { kind: 'theme'; choice: ThemeChoice } | { kind: 'shortcuts' };

export type PaletteCommand = {
  id: string;
  group: 'Go to' | 'Actions' | 'Theme';
  label: string;
  /** Other words a person may type for it. */
  keywords?: string;
  action: PaletteAction;
};

/** Every page, the everyday actions and the theme: what Ctrl/⌘+K can reach without a search. */
export const PALETTE_COMMANDS: readonly PaletteCommand[] = [
  {
    id: 'new',
    group: 'Actions',
    label: 'New trace',
    keywords: 'add create memory note',
    action: { kind: 'go', to: '/app/traces?create=true' },
  },
  {
    id: 'shortcuts',
    group: 'Actions',
    label: 'Keyboard shortcuts',
    keywords: 'keys help',
    action: { kind: 'shortcuts' },
  },
  {
    id: 'dashboard',
    group: 'Go to',
    label: 'Dashboard',
    keywords: 'home stats',
    action: { kind: 'go', to: '/app/dashboard' },
  },
  {
    id: 'traces',
    group: 'Go to',
    label: 'Traces',
    keywords: 'memories list',
    action: { kind: 'go', to: '/app/traces' },
  },
  {
    id: 'tags',
    group: 'Go to',
    label: 'Tags',
    keywords: 'labels rename merge',
    action: { kind: 'go', to: '/app/tags' },
  },
  {
    id: 'integrations',
    group: 'Go to',
    label: 'Integrations',
    keywords: 'connect assistants',
    action: { kind: 'go', to: '/app/integrations' },
  },
  {
    id: 'mcp-setup',
    group: 'Go to',
    label: 'MCP Setup',
    keywords: 'claude chatgpt cursor connect',
    action: { kind: 'go', to: '/app/mcp-setup' },
  },
  {
    id: 'api-keys',
    group: 'Go to',
    label: 'API Keys',
    keywords: 'tokens credentials',
    action: { kind: 'go', to: '/app/settings/api-keys' },
  },
  {
    id: 'oauth-clients',
    group: 'Go to',
    label: 'OAuth Clients',
    keywords: 'credentials apps',
    action: { kind: 'go', to: '/app/settings/oauth-clients' },
  },
  {
    id: 'sessions',
    group: 'Go to',
    label: 'Sessions and devices',
    keywords: 'sign out signed in browsers',
    action: { kind: 'go', to: '/app/settings/sessions' },
  },
  {
    id: 'settings',
    group: 'Go to',
    label: 'Settings',
    keywords: 'profile password account appearance',
    action: { kind: 'go', to: '/app/settings' },
  },
  {
    id: 'data',
    group: 'Go to',
    label: 'Import and export',
    keywords: 'data backup delete account',
    action: { kind: 'go', to: '/app/settings/data' },
  },
  {
    id: 'theme-light',
    group: 'Theme',
    label: 'Switch to light theme',
    keywords: 'appearance bright',
    action: { kind: 'theme', choice: 'light' },
  },
  {
    id: 'theme-dark',
    group: 'Theme',
    label: 'Switch to dark theme',
    keywords: 'appearance night',
    action: { kind: 'theme', choice: 'dark' },
  },
  {
    id: 'theme-system',
    group: 'Theme',
    label: 'Use the system theme',
    keywords: 'appearance auto',
    action: { kind: 'theme', choice: 'system' },
  },
];

/**
 * The commands matching what was typed: every word must start a word of the label or keywords
 * ("set dark" finds "Switch to dark theme" through "dark"; "api" finds API Keys), in their order.
 */
export function matchCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...commands];
  return commands.filter((c) => {
    const haystack = `${c.label} ${c.keywords ?? ''}`.toLowerCase().split(/[\s/]+/);
    return words.every((w) => haystack.some((h) => h.startsWith(w)));
  });
}
