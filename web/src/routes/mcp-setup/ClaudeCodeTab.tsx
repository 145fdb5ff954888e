import { Callout } from '../../components/ui/Callout.js';
import { CodeBlock } from '../../components/ui/CodeBlock.js';
import { claudeCodeCommand, claudeCodeOAuthCommand, KEY_PLACEHOLDER } from '../../lib/mcp-snippets.js';
import { AppLink, InlineCode, type SetupTabProps, Steps } from './setup-parts.js';

export function ClaudeCodeTab({ urls }: SetupTabProps) {
  return (
    <div className="space-y-8">
      <Steps
        steps={[
          {
            title: 'Create an API key',
            body: (
              <p>
                On the <AppLink to="/app/settings/api-keys">API Keys</AppLink> page. Untick{' '}
                <InlineCode>write:traces</InlineCode> if Claude Code should only read your memories.
              </p>
            ),
          },
          {
            title: 'Add Cairn to Claude Code',
            body: (
              <>
                <p>
                  Run this in a terminal, with your key in place of <InlineCode>{KEY_PLACEHOLDER}</InlineCode>
                  :
                </p>
                <CodeBlock
                  code={claudeCodeCommand(urls.mcpUrl)}
                  copyLabel="Copy Claude Code command"
                  caption="shell"
                />
                <p>
                  Add <InlineCode>--scope user</InlineCode> right after{' '}
                  <InlineCode>claude mcp add</InlineCode> to use Cairn in every project, not just the current
                  one.
                </p>
              </>
            ),
          },
          {
            title: 'Check the connection',
            body: (
              <p>
                <InlineCode>claude mcp list</InlineCode> shows cairn as connected; inside Claude Code,{' '}
                <InlineCode>/mcp</InlineCode> lists its tools.
              </p>
            ),
          },
        ]}
      />
      <Callout tone="tip" title="Or sign in with OAuth instead of a key">
        <p>Add the server without a header, then run /mcp in Claude Code and choose to authenticate:</p>
        <CodeBlock
          code={claudeCodeOAuthCommand(urls.mcpUrl)}
          copyLabel="Copy Claude Code command for OAuth"
          caption="shell"
          className="bg-surface"
        />
      </Callout>
    </div>
  );
}
