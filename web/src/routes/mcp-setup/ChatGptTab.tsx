import { Callout } from '../../components/ui/Callout.js';
import { CopyField } from '../../components/ui/CodeBlock.js';
import { CheckedOn, MenuPath } from '../../components/ui/MenuPath.js';
import { CHATGPT } from '../../lib/vendor-guides.js';
import { OAuthClientHint } from './OAuthClientHint.js';
import { InlineCode, type SetupTabProps, Steps } from './setup-parts.js';

export function ChatGptTab({ urls, clients, dynamicRegistration }: SetupTabProps) {
  return (
    <div className="space-y-8">
      <Callout tone="info" title="What you need">
        <ul className="list-disc space-y-1 pl-4">
          <li>
            {CHATGPT.plans}, with developer mode turned on (on Business, Enterprise and Education a workspace
            admin may have to allow it).
          </li>
          <li>
            Cairn on a public HTTPS address: ChatGPT connects from OpenAI’s servers. This server’s MCP URL is{' '}
            <InlineCode>{urls.mcpUrl}</InlineCode>.
          </li>
        </ul>
      </Callout>
      <Steps
        steps={[
          {
            title: 'Turn on developer mode',
            body: (
              <p>
                In ChatGPT open <MenuPath parts={CHATGPT.developerMode} /> and switch it on.
              </p>
            ),
          },
          {
            title: 'Create the app',
            body: (
              <>
                <p>
                  Back in <MenuPath parts={CHATGPT.apps} />, choose{' '}
                  <span className="font-medium text-fg">{CHATGPT.createApp}</span> (it appears only in
                  developer mode). Name it Cairn, paste the MCP server URL and choose{' '}
                  <span className="font-medium text-fg">OAuth</span> as the authentication.
                </p>
                <CopyField value={urls.mcpUrl} copyLabel="Copy MCP server URL for ChatGPT" />
              </>
            ),
          },
          {
            title: 'Sign in to Cairn and approve',
            body: dynamicRegistration ? (
              <p>
                ChatGPT registers itself with Cairn and opens Cairn’s sign-in page. Sign in and approve the
                access it asks for. There is no client to create first.
              </p>
            ) : (
              <>
                <p>
                  This server does not let assistants register themselves, so enter a client ID and secret in
                  the app’s OAuth settings, then sign in to Cairn and approve.
                </p>
                <OAuthClientHint clients={clients} platform="chatgpt" platformLabel="ChatGPT" />
              </>
            ),
          },
          {
            title: 'Use it in a chat',
            body: (
              <p>
                In a conversation choose <MenuPath parts={CHATGPT.inChat} />, turn Cairn on and ask, for
                example, “Search my Cairn memories for my coffee order” or “Remember that I prefer short
                answers.”
              </p>
            ),
          },
        ]}
      />
      {dynamicRegistration && (
        <Callout tone="tip" title="Prefer a client you made yourself?">
          <p>
            Instead of registering itself, ChatGPT can use a client ID and secret typed into the app’s OAuth
            settings.
          </p>
          <OAuthClientHint clients={clients} platform="chatgpt" platformLabel="ChatGPT" />
        </Callout>
      )}
      <Callout tone="warning" title="Good to know">
        <ul className="list-disc space-y-1 pl-4">
          <li>ChatGPT connects through OAuth only: it cannot send API keys or other custom headers.</li>
          <li>
            Outside developer mode ChatGPT uses only <InlineCode>search</InlineCode> and{' '}
            <InlineCode>fetch</InlineCode>: it can read your memories but not store new ones.
          </li>
        </ul>
      </Callout>
      <CheckedOn date={CHATGPT.checkedOn} source={CHATGPT.source.label} href={CHATGPT.source.href} />
    </div>
  );
}
