import { type ComponentType, useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOAuthClientsForSetup } from '../../api/oauth-clients.js';
import { setupUrls, useServerInfo } from '../../api/server-info.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { usePageTitle } from '../../lib/page-title.js';
import { Tabs } from '../../components/ui/Tabs.js';
import { SETUP_TAB_LABELS, type SetupTab, tabFromHash } from '../../lib/setup-tabs.js';
import { ChatGptTab } from './ChatGptTab.js';
import { ClaudeCodeTab } from './ClaudeCodeTab.js';
import { ClaudeWebTab } from './ClaudeWebTab.js';
import { OtherToolsTab } from './OtherToolsTab.js';
import { OverviewTab } from './OverviewTab.js';
import type { SetupTabProps } from './setup-parts.js';

const TAB_CONTENT: Record<SetupTab, ComponentType<SetupTabProps>> = {
  overview: OverviewTab,
  chatgpt: ChatGptTab,
  'claude-web': ClaudeWebTab,
  'claude-code': ClaudeCodeTab,
  other: OtherToolsTab,
};

/** /app/mcp-setup: set-up per client; the tab lives in the URL hash so it can be linked to. */
export function McpSetupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabFromHash(location.hash);
  usePageTitle(tab === 'overview' ? 'MCP Setup' : `${SETUP_TAB_LABELS[tab]} · MCP Setup`);
  const info = useServerInfo();
  const clients = useOAuthClientsForSetup();
  const tabsBox = useRef<HTMLDivElement>(null);

  // On a phone the tab row scrolls sideways: keep the open tab (e.g. from a deep link) in view.
  useEffect(() => {
    tabsBox.current
      ?.querySelector('[role="tab"][aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  // Replace, not push: switching tabs should not fill the Back button's history.
  const selectTab = useCallback(
    (next: SetupTab) =>
      navigate({ pathname: location.pathname, search: location.search, hash: `#${next}` }, { replace: true }),
    [navigate, location.pathname, location.search],
  );

  const props: SetupTabProps = {
    urls: setupUrls(info.data, window.location.origin),
    clients: clients.data ?? [],
    dynamicRegistration: info.data?.oauth.dynamic_registration ?? true,
    onSelectTab: selectTab,
  };

  return (
    <>
      <PageHeader
        title="MCP Setup"
        description="Connect Claude, ChatGPT, Cursor and other tools to your memories. Every snippet uses this server’s address."
      />
      <div ref={tabsBox}>
        <Tabs
          aria-label="Set-up instructions by client"
          value={tab}
          onValueChange={(v) => selectTab(tabFromHash(v))}
          items={(Object.keys(TAB_CONTENT) as SetupTab[]).map((value) => {
            const Content = TAB_CONTENT[value];
            return { value, label: SETUP_TAB_LABELS[value], content: <Content {...props} /> };
          })}
        />
      </div>
    </>
  );
}
