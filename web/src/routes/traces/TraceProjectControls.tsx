import { Pin, PinOff } from 'lucide-react';
import { toast } from 'sonner';
import { ALL_PROJECTS } from '../../../../contract/projects.js';
import type { Trace } from '../../../../contract/traces.js';
import { useProjects } from '../../api/projects.js';
import { useUpdateTrace } from '../../api/traces.js';
import { Button } from '../../components/ui/Button.js';
import { Select } from '../../components/ui/Select.js';
import { errorText } from '../../lib/form-errors.js';

/** No project can be named `*` (ADR 0029), so it stands for "personal" among the options. */
const PERSONAL = ALL_PROJECTS;

/**
 * The detail page's project and pin: move the trace to a project or to personal, pin or unpin it
 * (pinned traces lead an assistant's session briefing). Archived projects are offered too: a
 * trace may be moved out of one, or into one kept for reference.
 */
export function TraceProjectControls({ trace }: { trace: Trace }) {
  const projects = useProjects({ archived: true }).data?.projects ?? [];
  const update = useUpdateTrace();
  const names = projects.map((p) => p.name);
  if (trace.project && !names.includes(trace.project)) names.unshift(trace.project);
  const options = [
    { value: PERSONAL, label: 'Personal (no project)' },
    ...names.map((n) => ({ value: n, label: n })),
  ];

  async function change(changes: { project?: string | null; pinned?: boolean }, done: string) {
    try {
      await update.mutateAsync({ id: trace.id, changes });
      toast.success(done);
    } catch (err) {
      toast.error(`Failed to update trace: ${errorText(err, 'Something went wrong')}`);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        aria-label="Move to project"
        value={trace.project ?? PERSONAL}
        disabled={update.isPending}
        onValueChange={(v) => {
          const project = v === PERSONAL ? null : v;
          if (project === trace.project) return;
          void change({ project }, project ? `Moved to ${project}` : 'Moved to personal');
        }}
        options={options}
        className="w-full sm:w-56"
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={update.isPending}
        aria-pressed={trace.pinned}
        onClick={() => void change({ pinned: !trace.pinned }, trace.pinned ? 'Unpinned' : 'Pinned')}
      >
        {trace.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
        {trace.pinned ? 'Unpin' : 'Pin'}
      </Button>
    </div>
  );
}
