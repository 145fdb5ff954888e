import { Link } from 'react-router';
import type { Trace } from '../../../../contract/traces.js';
import type { Part } from '../../lib/highlight.js';
import { Highlighted } from '../../components/ui/Highlighted.js';
import { CategoryBadge } from '../../components/ui/CategoryBadge.js';
import { ImportanceDot } from '../../components/ui/Importance.js';
import { RelativeTime } from '../../components/ui/RelativeTime.js';
import { TagChips } from '../../components/ui/TagChips.js';
import { truncate } from '../../lib/text.js';
import { TraceActions } from './TraceActions.js';

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

const TH = 'px-4 py-3 text-left text-xs font-medium tracking-wide text-fg-muted uppercase';
const TD = 'px-4 py-3 align-top';

/**
 * Table view: Title & Content (content cut at 100 characters), Category,
 * Importance, Tags (3, then "+N more"), Created, Views, Actions. Narrow screens drop the columns
 * that matter least first.
 */
export function TraceTable({ traces, onEdit, onDelete, deletingId, isSelected, onToggle, mark }: Props) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface shadow-sm">
      {/* Fixed layout: a long tag or an unbroken title truncates inside its column instead of
          widening the table and pushing Created, Views and Actions off-screen. */}
      <table className="w-full table-fixed text-sm">
        <thead className="border-b border-line bg-surface-muted">
          <tr>
            <th scope="col" className={`${TH} w-10 pr-0`}>
              <span className="sr-only">Selected</span>
            </th>
            <th scope="col" className={TH}>
              Title &amp; Content
            </th>
            <th scope="col" className={`${TH} hidden w-36 sm:table-cell`}>
              Category
            </th>
            <th scope="col" className={`${TH} hidden w-32 md:table-cell`}>
              Importance
            </th>
            <th scope="col" className={`${TH} hidden w-52 xl:table-cell`}>
              Tags
            </th>
            <th scope="col" className={`${TH} hidden w-32 md:table-cell`}>
              Created
            </th>
            <th scope="col" className={`${TH} hidden w-20 text-right lg:table-cell`}>
              Views
            </th>
            <th scope="col" className={`${TH} w-24 text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {traces.map((t) => (
            <tr key={t.id} className="hover:bg-surface-muted/60">
              <td className={`${TD} pr-0`}>
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-[var(--color-accent)]"
                  checked={isSelected(t.id)}
                  onChange={() => onToggle(t)}
                  aria-label={`Select ${t.title || 'Untitled Trace'}`}
                />
              </td>
              <td className={`${TD} min-w-0`}>
                <Link
                  to={`/app/traces/${t.id}`}
                  title={t.title || 'Untitled Trace'}
                  className="block truncate font-medium text-fg hover:underline"
                >
                  {mark && t.title ? <Highlighted parts={mark(t.title)} /> : t.title || 'Untitled Trace'}
                </Link>
                <p className="mt-0.5 line-clamp-2 wrap-anywhere text-fg-muted" title={t.content}>
                  {mark ? <Highlighted parts={mark(truncate(t.content, 100))} /> : truncate(t.content, 100)}
                </p>
                {/* The Category column is hidden on phones: keep the badge with the text there. */}
                <CategoryBadge category={t.category} className="mt-2 sm:hidden" />
              </td>
              <td className={`${TD} hidden sm:table-cell`}>
                <CategoryBadge category={t.category} />
              </td>
              <td className={`${TD} hidden md:table-cell`}>
                <ImportanceDot importance={t.importance} />
              </td>
              <td className={`${TD} hidden xl:table-cell`}>
                {t.tags.length > 0 ? (
                  <TagChips tags={t.tags} max={3} linked />
                ) : (
                  <span className="text-fg-subtle">—</span>
                )}
              </td>
              <td className={`${TD} hidden whitespace-nowrap text-fg-muted md:table-cell`}>
                <RelativeTime iso={t.created_at} />
              </td>
              <td className={`${TD} hidden text-right text-fg-muted tabular-nums lg:table-cell`}>
                {t.access_count}
              </td>
              <td className={`${TD} py-2`}>
                <TraceActions
                  trace={t}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  deleting={deletingId === t.id}
                  className="justify-end"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
