import type {
  Category,
  CreateTraceRequest,
  Importance,
  Trace,
  UpdateTraceRequest,
} from '../../../contract/traces.js';
import { parseTags } from './tags.js';

/** The create/edit dialog's fields as typed. Category and importance may be "auto" (Cairn suggests). */
export type TraceFormValues = {
  title: string;
  content: string;
  category: Category | 'auto';
  importance: Importance | 'auto';
  /** Comma-separated, as typed. */
  tags: string;
};

/**
 * The create request: an empty title is left out, and so are empty tags, so that Cairn suggests
 * them (with "auto" category/importance the server categorises, ADR 0007).
 */
export function createRequestOf(v: TraceFormValues): CreateTraceRequest {
  const tags = parseTags(v.tags);
  return {
    ...(v.title.trim() ? { title: v.title.trim() } : {}),
    content: v.content,
    category: v.category,
    importance: v.importance,
    ...(tags.length > 0 ? { tags } : {}),
  };
}

/**
 * Only what changed (a PATCH carries the changed fields only, so concurrent edits of other fields survive); `{}` when
 * nothing did. An emptied title becomes null; tags are compared as the server stores them
 * (lower-cased), so "Travel" where "travel" was is no change.
 */
export function changedFields(trace: Trace, v: TraceFormValues): UpdateTraceRequest {
  const changes: UpdateTraceRequest = {};
  const title = v.title.trim() || null;
  if (title !== (trace.title ?? null)) changes.title = title;
  if (v.content !== trace.content) changes.content = v.content;
  // "Auto" is always sent: it asks Cairn to suggest again, which may well keep the stored value.
  if (v.category !== trace.category) changes.category = v.category;
  if (v.importance !== trace.importance) changes.importance = v.importance;
  const tags = parseTags(v.tags);
  const stored = [...new Set(tags.map((t) => t.toLowerCase()))];
  if (stored.join('\u0000') !== trace.tags.join('\u0000')) changes.tags = tags;
  return changes;
}
