import { Callout } from '../../components/ui/Callout.js';
import { CodeBlock, CopyField } from '../../components/ui/CodeBlock.js';
import {
  checksumCommand,
  cursorConfig,
  cursorOAuthConfig,
  curlSearch,
  KEY_PLACEHOLDER,
  mcpUrlWithApiKey,
  stdioConfig,
} from '../../lib/mcp-snippets.js';
import { AppLink, InlineCode, SetupSection, type SetupTabProps } from './setup-parts.js';

export function OtherToolsTab({ urls }: SetupTabProps) {
  return (
    <div className="space-y-10">
      <p className="text-sm leading-relaxed text-fg-muted">
        Each snippet uses <InlineCode>{KEY_PLACEHOLDER}</InlineCode> where your key goes:{' '}
        <AppLink to="/app/settings/api-keys">create one on the API Keys page</AppLink>.
      </p>

      <SetupSection title="Cursor" id="other-cursor">
        <p className="text-sm leading-relaxed text-fg-muted">
          Add this to <InlineCode>~/.cursor/mcp.json</InlineCode> (every project) or{' '}
          <InlineCode>.cursor/mcp.json</InlineCode> in one project:
        </p>
        <CodeBlock
          code={cursorConfig(urls.mcpUrl)}
          copyLabel="Copy Cursor configuration"
          caption="~/.cursor/mcp.json"
        />
        <p className="text-sm leading-relaxed text-fg-muted">
          Or leave the key out: without <InlineCode>headers</InlineCode>, Cursor offers to sign in to Cairn
          with OAuth.
        </p>
        <CodeBlock
          code={cursorOAuthConfig(urls.mcpUrl)}
          copyLabel="Copy Cursor configuration for OAuth"
          caption="~/.cursor/mcp.json"
        />
      </SetupSection>

      <SetupSection title="Local MCP server (stdio)" id="other-local">
        <p className="text-sm leading-relaxed text-fg-muted">
          For clients that start MCP servers as local processes, such as Claude Desktop’s{' '}
          <InlineCode>claude_desktop_config.json</InlineCode>. It needs Node.js 18 or later. npx installs the{' '}
          <InlineCode>cairn-mcp</InlineCode> command from this server itself (no package registry is
          involved), and it talks to this server with your key.
        </p>
        <CodeBlock
          code={stdioConfig(urls.stdioClient.url, urls.publicUrl)}
          copyLabel="Copy local server configuration"
          caption="mcp.json"
        />
        {urls.stdioClient.sha256 ? (
          <>
            <p className="text-sm leading-relaxed text-fg-muted">
              The package’s SHA-256 checksum, to compare with what this line prints before you trust it:
            </p>
            <CopyField value={urls.stdioClient.sha256} copyLabel="Copy the package’s SHA-256 checksum" />
            <CodeBlock
              code={checksumCommand(urls.stdioClient.url)}
              copyLabel="Copy checksum command"
              caption="shell"
            />
          </>
        ) : urls.fromServer ? (
          <Callout tone="warning">
            <p>
              This server runs without a build, so it has no package to offer: run{' '}
              <InlineCode>npm run build</InlineCode> on the server and reload this page.
            </p>
          </Callout>
        ) : null}
      </SetupSection>

      <SetupSection title="Any other MCP client" id="other-generic">
        <p className="text-sm leading-relaxed text-fg-muted">
          Use the Streamable HTTP transport with this URL and the header{' '}
          <InlineCode>Authorization: Bearer {KEY_PLACEHOLDER}</InlineCode>, or OAuth if the client supports
          it.
        </p>
        <CopyField value={urls.mcpUrl} copyLabel="Copy MCP server URL" />
        <p className="text-sm leading-relaxed text-fg-muted">
          A client that cannot send headers can put the key in the URL:
        </p>
        <CodeBlock code={mcpUrlWithApiKey(urls.mcpUrl)} copyLabel="Copy MCP URL with API key parameter" />
        <Callout tone="warning">
          <p>
            URLs end up in logs and histories. Cairn redacts the key from its own logs, but proxies may not:
            use this only when headers are impossible, ideally with a read-only key.
          </p>
        </Callout>
      </SetupSection>

      <SetupSection title="REST API" id="other-rest">
        <p className="text-sm leading-relaxed text-fg-muted">
          Every feature is also plain HTTP and JSON. A search:
        </p>
        <CodeBlock code={curlSearch(urls.publicUrl)} copyLabel="Copy curl example" caption="shell" />
        <p className="text-sm leading-relaxed text-fg-muted">
          The full reference is at{' '}
          <a
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-accent underline underline-offset-2 hover:no-underline"
          >
            {urls.publicUrl}/api/docs
          </a>{' '}
          (OpenAPI: <InlineCode>/api/openapi.json</InlineCode>).
        </p>
      </SetupSection>
    </div>
  );
}
