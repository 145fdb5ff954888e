import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import type { Trace } from '../../../../contract/traces.js';
import type { Part } from '../../lib/highlight.js';
import { Highlighted } from '../../components/ui/Highlighted.js';
import { CategoryBadge } from '../../components/ui/CategoryBadge.js';
import { ImportanceDot } from '../../components/ui/Importance.js';
import { PinnedMark, ProjectBadge, SupersededBadge } from '../../components/ui/ProjectBadge.js';
import { RelativeTime } from '../../components/ui/RelativeTime.js';
import { TagChips } from '../../components/ui/TagChips.js';
import { TraceActions } from './TraceActions.js';
import { MarkdownPreview } from '../../components/ui/Markdown.js';
import { actorLabel } from '../../lib/provenance.js';

type Props = {
  traces: readonly Trace[];
  onEdit(trace: Trace): void;
  onDelete(trace: Trace): void;
  deletingId?: string | undefined;
  /** Ticked traces for the bulk bar. */
  isSelected(id: string): boolean;
  onToggle(trace: Trace): void;
  /** Marks a search's words in the title and content (ADR 0026). */
  mark?: ((text: string) => Part[]) | undefined;
};

/**
 * Cards view: title, content on 2 lines, category badge, importance dot, tags,
 * relative time, "N views" when read by assistants, edit and delete icons. The whole card opens
 * the trace; the icons sit above that link.
 */
export function TraceCards({ traces, onEdit, onDelete, deletingId, isSelected, onToggle, mark }: Props) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Traces">
      {traces.map((t) => (
        <li
          key={t.id}
          className="group relative flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm transition-colors hover:border-line-strong focus-within:border-line-strong"
        >
          <div className="flex items-center gap-2">
            {/* Above the card's link, like the action icons. */}
            <input
              type="checkbox"
              className="relative z-10 size-4 accent-[var(--color-accent)]"
              checked={isSelected(t.id)}
              onChange={() => onToggle(t)}
              aria-label={`Select ${t.title || 'Untitled Trace'}`}
            />
            <CategoryBadge category={t.category} />
            <ImportanceDot importance={t.importance} />
            <ProjectBadge project={t.project} />
            <PinnedMark pinned={t.pinned} />
            <SupersededBadge superseded={!!t.superseded_at} />
            <TraceActions
              trace={t}
              onEdit={onEdit}
              onDelete={onDelete}
              deleting={deletingId === t.id}
              className="-my-1 -mr-2 ml-auto"
            />
          </div>
          <div className="min-w-0 space-y-1">
            <h3 className="truncate font-semibold text-fg">
              <Link
                to={`/app/traces/${t.id}`}
                className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-[var(--color-ring)]"
              >
                {mark && t.title ? <Highlighted parts={mark(t.title)} /> : t.title || 'Untitled Trace'}
              </Link>
            </h3>
            <MarkdownPreview
              source={t.content}
              mark={mark}
              className="line-clamp-2 text-sm leading-relaxed break-words text-fg-muted"
            />
          </div>
          <TagChips tags={t.tags} max={5} linked />
          <div className="mt-auto flex items-center gap-3 pt-1 text-xs text-fg-subtle">
            <RelativeTime iso={t.created_at} />
            {/* The web app is the usual writer: only another one is worth the space. */}
            {t.created_by && t.created_by.kind !== 'web' && (
              <span className="min-w-0 truncate" title={`Created by ${actorLabel(t.created_by)}`}>
                by {t.created_by.name}
              </span>
            )}
            {t.access_count > 0 && (
              <span className="inline-flex items-center gap-1">
                <Eye className="size-3.5" aria-hidden="true" />
                {t.access_count} {t.access_count === 1 ? 'view' : 'views'}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
