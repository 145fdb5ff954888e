import { useId } from 'react';
import type { StatsResponse } from '../../../../contract/traces.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.js';
import { layoutBars } from '../../lib/bar-chart.js';
import { cn } from '../../lib/cn.js';

type Day = StatsResponse['daily'][number];

const WIDTH = 300;
const HEIGHT = 56;

/** The series' days are UTC calendar days (the server counts them so); show them as such. */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Traces added and AI queries per day over the last 30 days (GET /api/stats `daily`), as two small
 * bar charts with their own scales. Hand-rolled SVG; screen readers get a summary and a table.
 */
export function ActivityChart({ daily }: { daily: readonly Day[] }) {
  const first = daily[0];
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>Last 30 days</CardTitle>
        <CardDescription>What you added, and how often your assistants looked things up.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-5">
        <Series
          label="Traces added"
          unit={['trace added', 'traces added']}
          values={daily.map((d) => d.added)}
          days={daily}
          barClass="fill-accent"
        />
        <Series
          label="AI queries"
          unit={['AI query', 'AI queries']}
          values={daily.map((d) => d.queries)}
          days={daily}
          barClass="fill-violet-soft-fg"
        />
        {first && (
          <div className="-mt-3 flex justify-between text-xs text-fg-subtle" aria-hidden="true">
            <span>{dayLabel(first.date)}</span>
            <span>Today</span>
          </div>
        )}
        {/* In a clipped box: a table keeps its content width whatever its own width says. */}
        <div className="sr-only">
          <table>
            <caption>Traces added and AI queries per day, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Traces added</th>
                <th scope="col">AI queries</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{dayLabel(d.date)}</th>
                  <td>{d.added}</td>
                  <td>{d.queries}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

function Series({
  label,
  unit,
  values,
  days,
  barClass,
}: {
  label: string;
  unit: [string, string];
  values: number[];
  days: readonly Day[];
  barClass: string;
}) {
  const titleId = useId();
  const descId = useId();
  const { bars } = layoutBars(values, WIDTH, HEIGHT, 3);
  const total = values.reduce((a, b) => a + b, 0);
  const peak = values.reduce((best, v, i) => (v > (values[best] ?? 0) ? i : best), 0);
  const peakDay = days[peak];
  const summary =
    total === 0
      ? `No ${unit[1]} in the last 30 days.`
      : `${total} ${total === 1 ? unit[0] : unit[1]} in the last 30 days` +
        (peakDay ? `, most on ${dayLabel(peakDay.date)} (${values[peak]}).` : '.');
  const unitFor = (n: number) => (n === 1 ? unit[0] : unit[1]);

  return (
    <figure className="space-y-2">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-fg">{label}</span>
        <span className="text-fg-muted tabular-nums">{total}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-14 w-full overflow-visible"
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{label} per day</title>
        <desc id={descId}>{summary}</desc>
        {/* Faint guide at half the scale, so heights read against something. */}
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT / 2}
          y2={HEIGHT / 2}
          className="stroke-line"
          strokeDasharray="2 3"
          vectorEffect="non-scaling-stroke"
        />
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT}
          y2={HEIGHT}
          className="stroke-line-strong"
          vectorEffect="non-scaling-stroke"
        />
        {bars.map((b, i) => (
          <rect
            key={days[i]?.date ?? i}
            x={b.x}
            y={b.y}
            width={b.width}
            height={b.height}
            rx={1.5}
            className={cn(barClass, 'opacity-90 hover:opacity-100')}
          >
            <title>{`${days[i] ? dayLabel(days[i].date) : ''}: ${values[i]} ${unitFor(values[i] ?? 0)}`}</title>
          </rect>
        ))}
      </svg>
    </figure>
  );
}
