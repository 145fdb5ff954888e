import { FolderGit2, Pin } from 'lucide-react';
import { Badge } from './Badge.js';

/** The project a trace belongs to; a personal trace (null) shows nothing, as most traces are. */
export function ProjectBadge({ project }: { project: string | null | undefined }) {
  if (!project) return null;
  return (
    <Badge tone="info" className="max-w-48" title={`Project ${project}`} data-testid="project-badge">
      <FolderGit2 className="size-3 shrink-0" aria-hidden="true" />
      <span className="sr-only">Project </span>
      <span className="truncate">{project}</span>
    </Badge>
  );
}

/** A pinned trace leads an assistant's session briefing. */
export function PinnedMark({ pinned }: { pinned: boolean | undefined }) {
  if (!pinned) return null;
  return (
    <span className="inline-flex text-accent" title="Pinned" role="img" aria-label="Pinned">
      <Pin className="size-3.5" aria-hidden="true" />
    </span>
  );
}

/** A trace a newer one replaced (ADR 0034): kept, but no longer found by search. */
export function SupersededBadge({ superseded }: { superseded: boolean }) {
  if (!superseded) return null;
  return (
    <Badge tone="warning" title="Replaced by a newer memory" data-testid="superseded-badge">
      Outdated
    </Badge>
  );
}
