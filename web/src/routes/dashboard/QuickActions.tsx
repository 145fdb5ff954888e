import { ChevronRight, KeyRound, Plug, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const ACTIONS: { to: string; label: string; text: string; icon: ReactNode }[] = [
  {
    to: '/app/traces?create=true',
    label: 'Add Memory Trace',
    text: 'Save something your assistants should know.',
    icon: <Plus aria-hidden="true" />,
  },
  {
    to: '/app/integrations',
    label: 'Connect AI Tool',
    text: 'Claude, ChatGPT, Cursor and more.',
    icon: <Plug aria-hidden="true" />,
  },
  {
    to: '/app/settings/api-keys',
    label: 'Generate API Key',
    text: 'For MCP clients, scripts and the REST API.',
    icon: <KeyRound aria-hidden="true" />,
  },
];

/** The dashboard's three quick actions and their routes. */
export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions" className="space-y-3">
      <h2 id="quick-actions" className="text-base font-semibold text-fg">
        Quick actions
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {ACTIONS.map((a) => (
          <li key={a.to}>
            <Link
              to={a.to}
              className="group flex h-full items-center gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm transition-colors hover:border-accent hover:bg-accent-soft/40"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-fg [&_svg]:size-5">
                {a.icon}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-fg">{a.label}</span>
                <span className="block text-xs text-fg-muted">{a.text}</span>
              </span>
              <ChevronRight
                className="size-4 shrink-0 text-fg-subtle transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
