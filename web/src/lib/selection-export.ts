import { EXPORT_FORMAT, EXPORT_VERSION, exportedTrace } from '../../../contract/account.js';
import type { Trace } from '../../../contract/traces.js';

/**
 * The selected traces as a file: Cairn's own export format (so Settings → Data → Import, or
 * another Cairn, reads it back) or one Markdown document to read or paste elsewhere.
 */
export function selectionJson(traces: readonly Trace[], now: Date): string {
  const exported = traces.map(exportedTrace);
  return `${JSON.stringify(
    { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: now.toISOString(), traces: exported },
    null,
    2,
  )}\n`;
}

export function selectionMarkdown(traces: readonly Trace[]): string {
  return traces
    .map((t) => {
      const meta = [
        `${t.category} · ${t.importance} importance`,
        t.tags.length ? t.tags.map((tag) => `#${tag}`).join(' ') : null,
        `created ${t.created_at.slice(0, 10)}`,
      ].filter(Boolean);
      return `## ${t.title || 'Untitled Trace'}\n\n${meta.join(' · ')}\n\n${t.content.trim()}\n`;
    })
    .join('\n');
}

/** A name for the file: what it holds and the day. */
export const selectionFileName = (count: number, ext: 'json' | 'md', now: Date) =>
  `cairn-${count}-trace${count === 1 ? '' : 's'}-${now.toISOString().slice(0, 10)}.${ext}`;
