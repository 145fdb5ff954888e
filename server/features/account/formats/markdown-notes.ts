import type { ExportedTrace } from '../../../../contract/account.js';
import { IMPORTANCES } from '../../../../contract/traces.js';
import { renderFrontMatter, splitFrontMatter } from './front-matter.js';
import { checkItem, isCategory, type ParsedItem, toIsoDate, toProjectName, toTag } from './import-item.js';

type Trace = ExportedTrace;

/** A file name that is readable in Obsidian's file list and unique in the archive (the id's head). */
export function noteFileName(trace: Pick<Trace, 'id' | 'title' | 'content'>): string {
  const base = (trace.title || trace.content.split('\n')[0] || 'note')
    .normalize('NFKC')
    .replace(/[\\/:*?"<>|#^[\]\p{Cc}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, 60)
    .trim();
  return `${base || 'note'} ${trace.id.slice(0, 8)}.md`;
}

/**
 * One trace as an Obsidian note: YAML front matter with every field, the content as the body;
 * `folder` is its project's (a `/` in the name would nest folders, so it becomes ` - `).
 */
export function traceToNote(trace: Trace): { name: string; text: string; folder: string | null } {
  const front = renderFrontMatter({
    id: trace.id,
    title: trace.title,
    category: trace.category,
    importance: trace.importance,
    tags: trace.tags,
    source: trace.source,
    ...(trace.project ? { project: trace.project } : {}),
    ...(trace.pinned ? { pinned: 'true' } : {}),
    created: trace.created_at,
    updated: trace.updated_at,
  });
  return {
    name: noteFileName(trace),
    text: `${front}\n${trace.content}\n`,
    folder: trace.project ? folderName(trace.project) : null,
  };
}

/** A project's name as one folder of an archive. */
function folderName(project: string): string {
  return (
    project
      .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' - ')
      .replace(/\s+/gu, ' ')
      .trim() || 'project'
  );
}

/**
 * The project a note's place in an archive gives it (ADR 0029): its top-level folder, once the
 * folder every note shares is set aside (`root`: zipping a vault wraps it in the vault's own
 * folder, and Cairn's export in the export's). A note at the top is personal.
 */
export function projectOfPath(name: string, root: string | null): string | undefined {
  const parts = name.split('/').filter(Boolean);
  const inside = root !== null && parts[0] === root ? parts.slice(1) : parts;
  return inside.length > 1 ? toProjectName(inside[0]) : undefined;
}

/** The folder every note of an archive is in, if they all share one (else null). */
export function commonRoot(names: readonly string[]): string | null {
  const firsts = new Set(names.map((n) => (n.includes('/') ? n.split('/').find(Boolean) : undefined)));
  const [only] = firsts;
  return firsts.size === 1 && only !== undefined ? only : null;
}

/**
 * A Markdown note (Obsidian, basic-memory, or our own export) as a trace: front matter fields
 * where present, the body as content. Obsidian's aliases and basic-memory's `type` are not Cairn
 * fields and are left out. Without a `title:` the file's name is the title, as it is in Obsidian's
 * own list of notes (ADR 0028). `folderProject`: the project its folder gives it (projectOfPath).
 */
export function noteToItem(name: string, text: string, folderProject?: string): ParsedItem {
  const { data, body } = splitFrontMatter(text);
  const one = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : undefined);
  const list = (key: string) => {
    const v = data[key];
    return v === undefined ? undefined : Array.isArray(v) ? v : v.split(/[,\s]+/u).filter(Boolean);
  };
  const category = one('category');
  const importance = one('importance')?.toLowerCase();
  const tags = list('tags')?.map(toTag).filter(Boolean);
  // The note's own `project:` (Cairn's export) wins over its folder.
  const project = toProjectName(one('project')) ?? folderProject;
  return checkItem(name, {
    title: one('title') ?? titleOfFile(name),
    content: body.trim(),
    ...(isCategory(category) ? { category: category.toLowerCase() } : {}),
    ...(importance && (IMPORTANCES as readonly string[]).includes(importance) ? { importance } : {}),
    ...(tags ? { tags } : {}),
    ...(toIsoDate(one('created') ?? one('created_at') ?? one('date'))
      ? { created_at: toIsoDate(one('created') ?? one('created_at') ?? one('date')) }
      : {}),
    ...(project ? { project } : {}),
    ...(one('pinned') === 'true' ? { pinned: true } : {}),
  });
}

/** "Projects/Trip to Japan.md" → "Trip to Japan" (null when nothing is left). */
function titleOfFile(name: string): string | null {
  const base = name
    .split('/')
    .at(-1)!
    .replace(/\.(md|markdown|txt)$/iu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return base || null;
}

/** Files in a notes archive that are notes (not attachments, not macOS resource forks). */
export function isNoteFile(name: string): boolean {
  return (
    /\.(md|markdown|txt)$/iu.test(name) &&
    !name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX')
  );
}
