import { Bot, CalendarPlus, Layers, Plug } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StatsResponse } from '../../../../contract/traces.js';
import { cn } from '../../lib/cn.js';

type Tile = { label: string; value: number | undefined; hint: string; icon: ReactNode; tone: string };

/** The dashboard's four numbers: Total Traces, Added Today, Integrations, AI Queries. */
export function StatTiles({ stats }: { stats: StatsResponse | undefined }) {
  const tiles: Tile[] = [
    {
      label: 'Total Traces',
      value: stats?.total_traces,
      hint: 'Memories saved',
      icon: <Layers aria-hidden="true" />,
      tone: 'bg-accent-soft text-accent-soft-fg',
    },
    {
      label: 'Added Today',
      value: stats?.added_last_24h,
      hint: 'Last 24 hours',
      icon: <CalendarPlus aria-hidden="true" />,
      tone: 'bg-info-soft text-info-soft-fg',
    },
    {
      label: 'Integrations',
      value: stats?.integrations,
      hint: 'Keys and apps in use',
      icon: <Plug aria-hidden="true" />,
      tone: 'bg-warning-soft text-warning-soft-fg',
    },
    {
      label: 'AI Queries',
      value: stats?.ai_queries,
      hint: 'Times assistants read a trace',
      icon: <Bot aria-hidden="true" />,
      tone: 'bg-violet-soft text-violet-soft-fg',
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Statistics">
      {tiles.map((t) => (
        <li key={t.label} className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5">
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-fg-muted">{t.label}</p>
            <span
              className={cn(
                'hidden size-8 items-center justify-center rounded-lg sm:flex [&_svg]:size-4',
                t.tone,
              )}
            >
              {t.icon}
            </span>
          </div>
          <p className="mt-2 text-3xl font-semibold tracking-tight text-fg tabular-nums" aria-live="polite">
            {t.value === undefined ? (
              <span className="inline-block h-8 w-12 animate-pulse rounded bg-surface-muted align-middle" />
            ) : (
              t.value.toLocaleString()
            )}
          </p>
          <p className="mt-1 text-xs text-fg-subtle">{t.hint}</p>
        </li>
      ))}
    </ul>
  );
}
