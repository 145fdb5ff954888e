import { Callout } from '../../components/ui/Callout.js';
import { CodeBlock, CopyField } from '../../components/ui/CodeBlock.js';
import { mcpUrlWithApiKey } from '../../lib/mcp-snippets.js';
import { reachabilityOf } from '../../lib/public-url.js';
import type { SetupTab } from '../../lib/setup-tabs.js';
import { AppLink, InlineCode, SetupSection, type SetupTabProps, TabLink } from './setup-parts.js';

const CLIENTS: readonly { name: string; via: string; auth: string; tab: SetupTab }[] = [
  { name: 'Claude (claude.ai, Desktop, mobile)', via: 'Custom connector', auth: 'OAuth', tab: 'claude-web' },
  { name: 'ChatGPT', via: 'Connector (developer mode)', auth: 'OAuth', tab: 'chatgpt' },
  { name: 'Claude Code CLI', via: 'Remote MCP', auth: 'API key or OAuth', tab: 'claude-code' },
  { name: 'Cursor', via: 'Remote MCP', auth: 'API key or OAuth', tab: 'other' },
  { name: 'Clients that start local servers', via: 'Local stdio server', auth: 'API key', tab: 'other' },
  { name: 'Scripts and your own tools', via: 'REST API', auth: 'API key', tab: 'other' },
];

const TOOLS: readonly { name: string; args: string; does: string; needs: string }[] = [
  { name: 'search', args: 'query', does: 'Finds traces by meaning and by words', needs: 'read:traces' },
  { name: 'fetch', args: 'id', does: 'Reads one trace in full', needs: 'read:traces' },
  {
    name: 'create',
    args: 'title, content; optional category, tags, importance',
    does: 'Stores a new trace',
    needs: 'write:traces',
  },
  { name: 'update', args: 'id and the fields to change', does: 'Changes a trace', needs: 'write:traces' },
  { name: 'delete', args: 'id', does: 'Deletes a trace', needs: 'write:traces' },
];

const th = 'px-3 py-2.5 sm:px-4 text-left text-xs font-semibold tracking-wide text-fg-muted uppercase';
const td = 'px-3 py-3 align-top sm:px-4';

export function OverviewTab({ urls, dynamicRegistration, onSelectTab }: SetupTabProps) {
  const reach = reachabilityOf(urls.publicUrl);
  return (
    <div className="space-y-10">
      <SetupSection title="How assistants reach Cairn" id="overview-how">
        <p className="text-sm leading-relaxed text-fg-muted">
          Cairn is an MCP server (Model Context Protocol, Streamable HTTP). Assistants that support MCP get
          tools to search, read and store your memories. The endpoint is this server’s address followed by{' '}
          <InlineCode>/mcp</InlineCode>:
        </p>
        <CopyField value={urls.mcpUrl} copyLabel="Copy MCP server URL" />
        {reach !== 'public-https' && (
          <Callout tone="warning" title="claude.ai and ChatGPT cannot reach this address">
            <p>
              They connect from their own servers, so Cairn must be on a public HTTPS address. This server’s
              PUBLIC_URL is <InlineCode>{urls.publicUrl}</InlineCode>: fine for Claude Code, Cursor, the local
              server and scripts on {reach === 'local' ? 'this machine or network' : 'any machine'}. Put Cairn
              behind a reverse proxy with TLS and set <InlineCode>PUBLIC_URL</InlineCode> to its https address
              to connect them.
            </p>
          </Callout>
        )}
      </SetupSection>

      <SetupSection title="Pick your assistant" id="overview-clients">
        <div className="overflow-hidden rounded-lg border border-line bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">How each assistant connects to Cairn</caption>
            <thead className="bg-surface-muted">
              <tr>
                <th scope="col" className={th}>
                  Assistant
                </th>
                <th scope="col" className={`${th} hidden sm:table-cell`}>
                  Connects with
                </th>
                <th scope="col" className={th}>
                  Sign-in
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">Instructions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {CLIENTS.map((c) => (
                <tr key={c.name}>
                  <th scope="row" className={`${td} text-left font-medium text-fg`}>
                    {c.name}
                  </th>
                  <td className={`${td} hidden text-fg-muted sm:table-cell`}>{c.via}</td>
                  <td className={`${td} text-fg-muted`}>{c.auth}</td>
                  <td className={`${td} text-right`}>
                    <TabLink tab={c.tab} onSelectTab={onSelectTab}>
                      Set up<span className="sr-only"> {c.name}</span>
                    </TabLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SetupSection>

      <SetupSection title="Tools your assistant gets" id="overview-tools">
        <div className="overflow-hidden rounded-lg border border-line bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">Cairn’s MCP tools and the permission each needs</caption>
            <thead className="bg-surface-muted">
              <tr>
                <th scope="col" className={th}>
                  Tool
                </th>
                <th scope="col" className={th}>
                  What it does
                </th>
                <th scope="col" className={th}>
                  Needs
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {TOOLS.map((t) => (
                <tr key={t.name}>
                  <th scope="row" className={`${td} text-left font-normal`}>
                    <InlineCode>{t.name}</InlineCode>
                    <span className="mt-1 block text-xs text-fg-muted">{t.args}</span>
                  </th>
                  <td className={`${td} text-fg-muted`}>{t.does}</td>
                  <td className={`${td} font-mono text-xs whitespace-nowrap text-fg-muted`}>{t.needs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-sm text-fg-muted">
          A read-only key (only <InlineCode>read:traces</InlineCode>) can search and fetch; creating, updating
          and deleting need <InlineCode>write:traces</InlineCode>.
        </p>
      </SetupSection>

      <SetupSection title="Signing in" id="overview-auth">
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="space-y-2 rounded-lg border border-line bg-surface p-4">
            <h3 className="font-semibold text-fg">API key in a header</h3>
            <p className="text-sm leading-relaxed text-fg-muted">
              For Claude Code, Cursor, the local server and scripts: send{' '}
              <InlineCode>Authorization: Bearer cairn_…</InlineCode> with every request.{' '}
              <AppLink to="/app/settings/api-keys">Create an API key</AppLink>.
            </p>
          </div>
          <div className="space-y-2 rounded-lg border border-line bg-surface p-4">
            <h3 className="font-semibold text-fg">OAuth</h3>
            <p className="text-sm leading-relaxed text-fg-muted">
              For claude.ai and ChatGPT (the only way they connect), and optionally Claude Code and Cursor.
              The assistant sends you to Cairn to sign in and approve.{' '}
              {dynamicRegistration
                ? 'Assistants register themselves, so there is nothing to create first.'
                : 'This server does not let assistants register themselves: create a client first.'}{' '}
              <AppLink to="/app/settings/oauth-clients">OAuth clients</AppLink>.
            </p>
          </div>
          <div className="space-y-2 rounded-lg border border-line bg-surface p-4">
            <h3 className="font-semibold text-fg">API key in the URL</h3>
            <p className="text-sm leading-relaxed text-fg-muted">
              Only for a client that cannot send headers: add <InlineCode>?api_key=</InlineCode> to the MCP
              URL.
            </p>
          </div>
        </div>
        <CodeBlock code={mcpUrlWithApiKey(urls.mcpUrl)} copyLabel="Copy MCP URL with API key parameter" />
        <Callout tone="warning" title="Keys in URLs end up in logs">
          <p>
            URLs are kept in proxy logs, browser histories and client settings. Cairn redacts the key from its
            own logs, but proxies in between may not. Prefer the header, and use a read-only key where you
            can.
          </p>
        </Callout>
      </SetupSection>
    </div>
  );
}
