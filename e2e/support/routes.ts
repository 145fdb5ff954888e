/**
 * Every route of the web app, as the a11y and screenshot specs visit them.
 * Add a page here and both specs cover it.
 */
export type AppRoute = {
  /** File-name friendly. */
  name: string;
  path: string;
  /** The accessible name of the tab that must be selected before the page counts as ready. */
  tab?: string;
};

export const SIGNED_OUT_ROUTES: readonly AppRoute[] = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
];

/** A made-up id: the detail page shows its "Trace not found" state. */
export const MISSING_TRACE_ID = '00000000-0000-4000-8000-000000000000';

export const SIGNED_IN_ROUTES: readonly AppRoute[] = [
  { name: 'dashboard', path: '/app/dashboard' },
  { name: 'traces', path: '/app/traces' },
  { name: 'trace-detail', path: `/app/traces/${MISSING_TRACE_ID}` },
  { name: 'tags', path: '/app/tags' },
  { name: 'integrations', path: '/app/integrations' },
  { name: 'mcp-setup-overview', path: '/app/mcp-setup', tab: 'Overview' },
  { name: 'mcp-setup-chatgpt', path: '/app/mcp-setup#chatgpt', tab: 'ChatGPT' },
  { name: 'mcp-setup-claude-web', path: '/app/mcp-setup#claude-web', tab: 'Claude AI Web' },
  { name: 'mcp-setup-claude-code', path: '/app/mcp-setup#claude-code', tab: 'Claude Code CLI' },
  { name: 'mcp-setup-other', path: '/app/mcp-setup#other', tab: 'Other Tools' },
  { name: 'settings', path: '/app/settings' },
  { name: 'settings-api-keys', path: '/app/settings/api-keys' },
  { name: 'settings-oauth-clients', path: '/app/settings/oauth-clients' },
  { name: 'settings-sessions', path: '/app/settings/sessions' },
  { name: 'settings-data', path: '/app/settings/data' },
];
