import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OAuthClient } from '../../../../contract/oauth.js';
import type { SetupUrls } from '../../api/server-info.js';
import type { SetupTab } from '../../lib/setup-tabs.js';

/** What every tab needs: this server's addresses, the person's OAuth clients, and tab switching. */
export type SetupTabProps = {
  urls: SetupUrls;
  clients: readonly OAuthClient[];
  dynamicRegistration: boolean;
  onSelectTab(tab: SetupTab): void;
};

/** Numbered set-up steps. */
export function Steps({ steps }: { steps: readonly { title: ReactNode; body: ReactNode }[] }) {
  return (
    <ol className="space-y-6">
      {steps.map((step, i) => (
        <li key={i} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent-soft-fg"
          >
            {i + 1}
          </span>
          <div className="min-w-0 flex-1 space-y-3 pt-0.5">
            <h3 className="font-semibold text-fg">{step.title}</h3>
            <div className="space-y-3 text-sm leading-relaxed text-fg-muted">{step.body}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A titled block inside a tab. */
export function SetupSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function InlineCode({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-[0.85em] break-words text-fg">
      {children}
    </code>
  );
}

export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-accent underline underline-offset-2 hover:no-underline">
      {children}
    </Link>
  );
}

/** Switches to another tab of this page (same path, hash replaced). */
export function TabLink({
  tab,
  onSelectTab,
  children,
}: {
  tab: SetupTab;
  onSelectTab(tab: SetupTab): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={() => onSelectTab(tab)}
      className="font-medium whitespace-nowrap text-accent underline underline-offset-2 hover:no-underline"
    >
      {children}
    </button>
  );
}
