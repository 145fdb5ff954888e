import { Blocks, HardDrive, type LucideIcon, Scale, Search, Tags, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { SEARCH_BENCH_TRACES, SEARCH_P95_MS } from './facts.js';
import { Section } from './Section.js';

type Feature = { icon: LucideIcon; title: string; body: ReactNode };

const FEATURES: readonly Feature[] = [
  {
    icon: Search,
    title: 'Hybrid search that finds the meaning',
    body: (
      <>
        Semantic and full-text search fused into one ranking, so “my coffee order” finds “flat white, oat
        milk”. Answers in under {SEARCH_P95_MS} ms (p95, {SEARCH_BENCH_TRACES.toLocaleString('en')} traces).
      </>
    ),
  },
  {
    icon: Tags,
    title: 'Organised automatically',
    body: 'Leave out the category, tags or importance of a new trace and Cairn fills them in. Change them whenever you like.',
  },
  {
    icon: Blocks,
    title: 'One memory, every assistant',
    body: 'Claude, ChatGPT, Cursor and Claude Code read the same memories over MCP; scripts use the REST API.',
  },
  {
    icon: HardDrive,
    title: 'Self-hosted and offline',
    body: 'One Node.js process with an embedded PostgreSQL database and a local embedding model. No cloud account needed.',
  },
  {
    icon: Zap,
    title: 'Set up in 2 minutes',
    body: (
      <>
        <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-[0.85em] text-fg">
          npm install &amp;&amp; npm start
        </code>
        , create your account, and copy one line into your assistant.
      </>
    ),
  },
  {
    icon: Scale,
    title: 'Free and open source',
    body: 'Apache-2.0 licensed. No subscription, no credit card, nobody between you and your data.',
  },
];

export function FeaturesSection() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything your assistants need to remember"
      lead="Tell one assistant something once. Every other assistant you connect can find it again."
    >
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-xl border border-line bg-surface p-6 shadow-sm">
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent-soft-fg">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-base font-semibold text-fg">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-fg-muted">{body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
