import { Braces, Code2, type LucideIcon, MessageSquare, Sparkles, Terminal } from 'lucide-react';
import { Badge } from '../../components/ui/Badge.js';
import { Section } from './Section.js';

type Integration = { icon: LucideIcon; name: string; how: string };

/** Spec section 1's list; Claude AI works today through OAuth custom connectors, so it is beta too. */
const INTEGRATIONS: readonly Integration[] = [
  { icon: MessageSquare, name: 'ChatGPT', how: 'A connector in developer mode; signs in with OAuth.' },
  {
    icon: Sparkles,
    name: 'Claude AI',
    how: 'A custom connector on claude.ai, Claude Desktop and mobile; signs in with OAuth.',
  },
  { icon: Terminal, name: 'Claude Code CLI', how: 'One claude mcp add command with an API key.' },
  { icon: Code2, name: 'Cursor IDE', how: 'A few lines in mcp.json with an API key, or OAuth.' },
  { icon: Braces, name: 'REST API', how: 'JSON over HTTP with an API key, described by OpenAPI.' },
];

export function IntegrationsSection() {
  return (
    <Section
      id="integrations"
      eyebrow="Integrations"
      title="Works with the assistants you already use"
      lead="Remote MCP for assistants that connect over the internet, a local MCP server for those that start their own, and a REST API for everything else."
      className="border-y border-line bg-surface"
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {INTEGRATIONS.map(({ icon: Icon, name, how }) => (
          <li key={name} className="flex flex-col rounded-xl border border-line bg-canvas p-5">
            <div className="flex items-center justify-between gap-2">
              <Icon className="size-6 text-accent" aria-hidden="true" />
              <Badge tone="info">Beta</Badge>
            </div>
            <h3 className="mt-4 font-semibold text-fg">{name}</h3>
            <p className="mt-1 text-sm leading-relaxed text-fg-muted">{how}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
