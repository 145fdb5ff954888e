import { Link } from 'react-router';
import { useProjects } from '../../api/projects.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card.js';

/** How many traces each project holds, and the personal ones; shown only once there is a project. */
export function ProjectCounts() {
  const { data } = useProjects();
  if (!data || data.projects.length === 0) return null;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id="project-counts">Projects</CardTitle>
        <Link to="/app/projects" className="text-sm font-medium text-accent hover:underline">
          Manage
        </Link>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby="project-counts" className="divide-y divide-line text-sm">
          {data.projects.map((p) => (
            <li key={p.id} className="flex min-w-0 items-center gap-3 py-2">
              <Link
                to={`/app/traces?project=${encodeURIComponent(p.name)}`}
                className="min-w-0 flex-1 truncate text-fg hover:underline"
              >
                {p.name}
              </Link>
              <span className="text-fg-muted tabular-nums">{p.trace_count}</span>
            </li>
          ))}
          <li className="flex items-center gap-3 py-2 text-fg-muted">
            <span className="flex-1">Personal</span>
            <span className="tabular-nums">{data.personal_count}</span>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
