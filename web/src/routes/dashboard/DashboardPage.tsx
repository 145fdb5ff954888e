import { useStats } from '../../api/stats.js';
import { useAuth } from '../../auth/auth-context.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { cn } from '../../lib/cn.js';
import { ActivityChart } from './ActivityChart.js';
import { FirstRunChecklist } from './FirstRunChecklist.js';
import { ProjectCounts } from './ProjectCounts.js';
import { QuickActions } from './QuickActions.js';
import { RecentTraces } from './RecentTraces.js';
import { StatTiles } from './StatTiles.js';
import { useFirstRun } from './use-first-run.js';
import { usePageTitle } from '../../lib/page-title.js';

/** /app/dashboard: greeting, four numbers, quick actions, recent traces, 30 days, project counts. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const name = user?.email.split('@')[0] ?? '';
  const stats = useStats();
  const firstRun = useFirstRun(user?.id ?? '');
  // A first visit is a welcome, not a welcome back (nothing set up yet); neutral while loading.
  const greeting = !firstRun.loaded ? 'Welcome' : firstRun.isNew ? 'Welcome to Cairn' : 'Welcome back';
  const chartEmpty = stats.data?.daily.every((d) => d.added === 0 && d.queries === 0) ?? true;
  const checklistInChartSlot = firstRun.show && chartEmpty;
  const checklist = <FirstRunChecklist steps={firstRun.steps} onHide={firstRun.hide} />;
  return (
    <div className="space-y-8">
      <PageHeader
        title={`${greeting}, ${name}`}
        description="Your AI memory hub is ready to enhance your conversations"
      />
      {stats.isError && (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger-soft-fg">
          The numbers could not be loaded. They will show when the server answers again.
        </p>
      )}
      <StatTiles stats={stats.data} />
      {firstRun.show && !checklistInChartSlot && checklist}
      <QuickActions />
      <div className="grid gap-6 lg:grid-cols-5">
        {/* min-w-0: a grid item is as wide as its longest unbreakable line otherwise, and a pasted
            URL as a title would widen the whole page instead of truncating. */}
        <div className="min-w-0 lg:col-span-3">
          <RecentTraces />
        </div>
        {/* The checklist stands where an empty chart would (first on a phone); beside a chart
            that has something to show, it gets its own row above. */}
        <div className={cn('min-w-0 lg:col-span-2', checklistInChartSlot && 'order-first lg:order-none')}>
          {checklistInChartSlot
            ? checklist
            : firstRun.loaded && stats.data && <ActivityChart daily={stats.data.daily} />}
        </div>
      </div>
      <ProjectCounts />
    </div>
  );
}
