import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/Badge.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { cn } from '../../lib/cn.js';
import { INTEGRATION_CARDS, type IntegrationCard } from './integrations.js';
import { usePageTitle } from '../../lib/page-title.js';

export function IntegrationsPage() {
  usePageTitle('Integrations');
  return (
    <>
      <PageHeader
        title="Integrations"
        description="Connect your AI assistants and tools to Cairn. Each one reads and writes the same memories."
        actions={
          <Link to="/app/mcp-setup" className="text-sm font-medium text-accent hover:underline">
            All set-up instructions
          </Link>
        }
      />
      <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
        {INTEGRATION_CARDS.map((card) => (
          <li key={card.name}>
            <IntegrationCardView card={card} />
          </li>
        ))}
      </ul>
    </>
  );
}

function IntegrationCardView({ card }: { card: IntegrationCard }) {
  const { icon: Icon, status, links } = card;
  const soon = status === 'coming-soon';
  return (
    <article
      aria-label={card.name}
      className={cn(
        'flex h-full flex-col rounded-xl border border-line p-5 shadow-sm',
        soon ? 'border-dashed bg-surface-muted shadow-none' : 'bg-surface',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          className={cn(
            'inline-flex size-10 items-center justify-center rounded-lg',
            soon ? 'bg-surface text-fg-muted' : 'bg-accent-soft text-accent-soft-fg',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {soon ? <Badge>Coming Soon</Badge> : <Badge tone="info">Beta</Badge>}
      </div>
      <h2 className="mt-4 font-semibold text-fg">{card.name}</h2>
      <p className="mt-1 flex-1 text-sm leading-relaxed text-fg-muted">{card.description}</p>
      {card.auth && (
        <p className="mt-3 text-xs text-fg-muted">
          <span className="font-medium text-fg">Sign-in:</span> {card.auth}
        </p>
      )}
      {links && (
        <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 border-t border-line pt-4">
          {links.map((l) => (
            <Link
              key={l.to + l.label}
              to={l.to}
              className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
            >
              {l.label}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ))}
        </div>
      )}
    </article>
  );
}
