import { Callout } from '../../components/ui/Callout.js';
import { CopyField } from '../../components/ui/CodeBlock.js';
import { CheckedOn, MenuPath } from '../../components/ui/MenuPath.js';
import { CLAUDE } from '../../lib/vendor-guides.js';
import { OAuthClientHint } from './OAuthClientHint.js';
import { InlineCode, type SetupTabProps, Steps, TabLink } from './setup-parts.js';

export function ClaudeWebTab({ urls, clients, dynamicRegistration, onSelectTab }: SetupTabProps) {
  return (
    <div className="space-y-8">
      <Callout tone="info" title="What you need">
        <ul className="list-disc space-y-1 pl-4">
          <li>A Claude plan with custom connectors: {CLAUDE.plans}.</li>
          <li>
            On Team and Enterprise, an Owner adds the connector for the organization first, in{' '}
            <MenuPath parts={CLAUDE.organization} />; each member then connects to it in their own settings.
          </li>
          <li>
            Cairn on a public HTTPS address: Claude connects from Anthropic’s servers, even when you use
            Claude Desktop. This server’s MCP URL is <InlineCode>{urls.mcpUrl}</InlineCode>.
          </li>
        </ul>
      </Callout>
      <Steps
        steps={[
          {
            title: 'Add a custom connector',
            body: (
              <p>
                On claude.ai or in Claude Desktop open <MenuPath parts={CLAUDE.addConnector} /> (newer
                versions put Connectors under Customize). On Team and Enterprise, the Owner does this step in
                Organization settings and members go straight to Connect.
              </p>
            ),
          },
          {
            title: 'Paste the MCP URL',
            body: (
              <>
                <p>Name it Cairn and paste this as the remote MCP server URL, then choose Add.</p>
                <CopyField value={urls.mcpUrl} copyLabel="Copy MCP server URL for Claude" />
              </>
            ),
          },
          {
            title: 'Connect and approve',
            body: dynamicRegistration ? (
              <p>
                Choose <span className="font-medium text-fg">Connect</span>. Claude opens Cairn’s sign-in
                page; sign in and approve. Cairn supports dynamic client registration, so nothing else is
                needed.
              </p>
            ) : (
              <p>
                This server does not let assistants register themselves: before choosing Add, fill in the
                client ID and secret under Advanced settings (below). Then choose{' '}
                <span className="font-medium text-fg">Connect</span>, sign in to Cairn and approve.
              </p>
            ),
          },
          {
            title: 'Use it everywhere you use Claude',
            body: (
              <p>
                The connector follows your account to claude.ai, Claude Desktop and the mobile apps. Turn it
                on in a conversation and ask Claude to remember something, or to look something up.
              </p>
            ),
          },
        ]}
      />
      <Callout tone={dynamicRegistration ? 'tip' : 'info'} title="Advanced settings: your own OAuth client">
        <p>
          When adding the connector, <MenuPath parts={CLAUDE.advanced} /> takes an OAuth Client ID and Client
          Secret.
        </p>
        <OAuthClientHint clients={clients} platform="claude" platformLabel="Claude" />
      </Callout>
      <Callout tone="warning" title="API keys do not work here">
        <p>
          claude.ai connects through OAuth only: it does not accept API keys, neither in the URL nor as a
          header. To use an API key with Claude Desktop instead, run the local server (
          <TabLink tab="other" onSelectTab={onSelectTab}>
            Other Tools
          </TabLink>
          ).
        </p>
      </Callout>
      <CheckedOn date={CLAUDE.checkedOn} source={CLAUDE.source.label} href={CLAUDE.source.href} />
    </div>
  );
}
