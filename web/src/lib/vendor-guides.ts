/**
 * Each assistant vendor's own steps, in one place, with the day they were last compared with the
 * vendor's documentation. Menus move: the MCP Setup tabs, the OAuth client cards, the one-time
 * credentials panel and the Integrations cards all read them from here, so a re-check updates
 * every page at once and no page can contradict another.
 */
export type VendorGuide = {
  /** ISO date (YYYY-MM-DD) the steps were compared with `source`. */
  checkedOn: string;
  source: { label: string; href: string };
  /** Who can use it, as a phrase: "ChatGPT Plus, Pro, …". */
  plans: string;
};

export const CHATGPT = {
  checkedOn: '2026-11-26',
  source: {
    label: 'OpenAI’s developer mode guide',
    href: 'https://developers.openai.com/api/docs/guides/developer-mode',
  },
  plans: 'ChatGPT Plus, Pro, Business, Enterprise or Education on the web',
  /** Where developer mode is switched on. */
  developerMode: ['Settings', 'Apps', 'Advanced settings', 'Developer mode'],
  /** Where "Create app" appears once developer mode is on. */
  apps: ['Settings', 'Apps'],
  createApp: 'Create app',
  /** How a conversation turns the app on. */
  inChat: ['+', 'More', 'Developer mode'],
} as const satisfies VendorGuide & Record<string, unknown>;

export const CLAUDE = {
  checkedOn: '2026-11-26',
  source: {
    label: 'Claude’s custom connector guide',
    href: 'https://support.claude.com/en/articles/11175166-getting-started-with-custom-connectors-using-remote-mcp',
  },
  plans: 'Pro, Max, Team or Enterprise (Free allows one custom connector)',
  addConnector: ['Settings', 'Connectors', 'Add custom connector'],
  /** On Team and Enterprise an Owner adds the connector here first. */
  organization: ['Organization settings', 'Connectors'],
  advanced: ['Advanced settings'],
} as const satisfies VendorGuide & Record<string, unknown>;
