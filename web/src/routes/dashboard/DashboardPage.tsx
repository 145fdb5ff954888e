import { useStats } from '../../api/stats.js';
import { useAuth } from '../../auth/auth-context.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { ActivityChart } from './ActivityChart.js';
import { QuickActions } from './QuickActions.js';
import { RecentTraces } from './RecentTraces.js';
import { StatTiles } from './StatTiles.js';

/** /app/dashboard: greeting, four numbers, quick actions, recent traces, 30 days. */
export function DashboardPage() {
  const { user } = useAuth();
  const name = user?.email.split('@')[0] ?? '';
  const stats = useStats();
  return (
    <div className="space-y-8">
      <PageHeader
        title={`Welcome back, ${name}`}
        description="Your AI memory hub is ready to enhance your conversations"
      />
      {stats.isError && (
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm text-danger-soft-fg">
          The numbers could not be loaded. They will show when the server answers again.
        </p>
      )}
      <StatTiles stats={stats.data} />
      <QuickActions />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <RecentTraces />
        </div>
        <div className="lg:col-span-2">{stats.data && <ActivityChart daily={stats.data.daily} />}</div>
      </div>
    </div>
  );
}
