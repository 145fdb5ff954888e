import { checkItem, isCategory, type ParsedItem, toIsoDate, toProjectName, toTag } from './import-item.js';

/**
 * One memory of a mem0 / OpenMemory export: `memory` (or `text`, or `content`), `created_at`,
 * `categories`, `metadata`. A category that is one of Cairn's sets the category; every category
 * also becomes a tag, as mem0's categories are closer to tags than to Cairn's five categories.
 * Cairn's own export items (title, content, category, ...) map through the same function.
 */
/** What OpenMemory's states mean for an import: a memory it archived or deleted is not brought back. */
const LEFT_BEHIND = new Map([
  ['archived', 'skipped: archived in OpenMemory'],
  ['deleted', 'skipped: deleted in OpenMemory'],
]);

/**
 * OpenMemory's backup (memories.json) keeps categories apart and refers to them by id
 * (`category_ids`): the file's `categories` list, id → name, joins them back.
 */
export type CategoryNames = ReadonlyMap<string, string>;

export function memoryToItem(raw: unknown, label: string, categoryNames?: CategoryNames): ParsedItem {
  if (typeof raw === 'string') return checkItem(label, { content: raw.trim() });
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { label, error: 'is not a memory object' };
  const m = raw as Record<string, unknown>;
  const content = [m.content, m.memory, m.text, m.data].find((v) => typeof v === 'string');
  if (content === undefined) return { label, error: 'has no memory, text or content' };
  const state =
    typeof m.state === 'string' ? m.state : m.deleted_at ? 'deleted' : m.archived_at ? 'archived' : '';
  const leftBehind = LEFT_BEHIND.get(state);
  if (leftBehind) return { label, skipped: leftBehind };
  const meta = (m.metadata && typeof m.metadata === 'object' ? m.metadata : {}) as Record<string, unknown>;
  const named = Array.isArray(m.categories)
    ? m.categories.filter((c): c is string => typeof c === 'string')
    : [];
  const joined =
    categoryNames && Array.isArray(m.category_ids)
      ? m.category_ids.flatMap((id) => (typeof id === 'string' ? (categoryNames.get(id) ?? []) : []))
      : [];
  const categories = [...named, ...joined];
  // OpenMemory's backup has `content` too, with its categories apart (category_ids) or by name.
  const isCairn = 'content' in m && !('category_ids' in m) && !Array.isArray(m.categories);
  const title = typeof m.title === 'string' ? m.title : typeof meta.title === 'string' ? meta.title : null;
  const created = toIsoDate(m.created_at ?? m.createdAt);
  const category = isCairn ? m.category : categories.find(isCategory)?.toLowerCase();
  const tags = isCairn ? m.tags : categories.length ? [...new Set(categories.map(toTag))] : undefined;
  // A Cairn export names the project; mem0 scopes memories by agent, or by run (ADR 0029).
  const project = toProjectName(isCairn ? m.project : (m.agent_id ?? m.run_id));
  return checkItem(label, {
    title,
    content: (content as string).trim(),
    ...(category !== undefined ? { category } : {}),
    ...(isCairn && m.importance !== undefined ? { importance: m.importance } : {}),
    ...(tags !== undefined ? { tags } : {}),
    ...(created ? { created_at: created } : {}),
    ...(project ? { project } : {}),
    ...(isCairn && typeof m.pinned === 'boolean' ? { pinned: m.pinned } : {}),
  });
}
