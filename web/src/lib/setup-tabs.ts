/** The MCP Setup page's tabs, chosen by the URL hash, so a tab can be linked to. */
export const SETUP_TABS = ['overview', 'chatgpt', 'claude-web', 'claude-code', 'other'] as const;
export type SetupTab = (typeof SETUP_TABS)[number];

export const SETUP_TAB_LABELS: Record<SetupTab, string> = {
  overview: 'Overview',
  chatgpt: 'ChatGPT',
  'claude-web': 'Claude AI Web',
  'claude-code': 'Claude Code CLI',
  other: 'Other Tools',
};

export function isSetupTab(value: string): value is SetupTab {
  return (SETUP_TABS as readonly string[]).includes(value);
}

/** `#claude-code` → 'claude-code'; no hash or an unknown one → 'overview'. */
export function tabFromHash(hash: string): SetupTab {
  let value: string;
  try {
    value = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return 'overview'; // a malformed escape someone typed
  }
  value = value.trim().toLowerCase();
  return isSetupTab(value) ? value : 'overview';
}
