import { ImportedTrace } from '../../../../contract/account.js';
import { ALL_PROJECTS, PROJECT_LIMITS } from '../../../../contract/projects.js';
import { CATEGORIES, type Category, CreateTraceRequest } from '../../../../contract/traces.js';

/**
 * One item read from an import file: a trace ready to save, or the reason it cannot be. `label`
 * tells the person which item it was (a file name, a line number, an entity name).
 */
export type ParsedItem =
  | { label: string; trace: ImportedTrace }
  | { label: string; error: string }
  /** Not a memory, left out on purpose (an attachment): a line of the report all the same. */
  | { label: string; skipped: string };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * A string every database can store: a lone UTF-16 surrogate (JSON allows "\ud800"; UTF-8 and
 * PostgreSQL's jsonb do not) becomes U+FFFD. Found by the import fuzzing: one such entity name
 * answered 500.
 */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** Every string of a parsed JSON value, well formed (see wellFormed). */
function wellFormedDeep(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (Array.isArray(value)) return value.map(wellFormedDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), wellFormedDeep(v)]));
  }
  return value;
}

/** Checks a mapped item against the same rules a create obeys, so the preview's "invalid" is honest. */
export function checkItem(rawLabel: string, rawCandidate: unknown): ParsedItem {
  const label = wellFormed(rawLabel);
  const candidate = wellFormedDeep(rawCandidate);
  const parsed = ImportedTrace.safeParse(candidate);
  const result = parsed.success
    ? CreateTraceRequest.safeParse({ ...parsed.data, created_at: undefined })
    : parsed;
  if (!parsed.success || !result.success) {
    const issue = (parsed.success ? result.error : parsed.error)?.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { label, error: `${where}${issue?.message ?? 'is not a memory'}` };
  }
  return { label, trace: parsed.data };
}

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value.toLowerCase());
}

/** Tags as Cairn keeps them: lower case, words joined by hyphens, no leading '#'. */
export function toTag(value: string): string {
  return value
    .trim()
    .replace(/^#/u, '')
    .toLowerCase()
    .replace(/[\s_]+/gu, '-');
}

/** A date the importer can keep, as ISO 8601, or undefined (the import date is used instead). */
export function toIsoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const d = new Date(typeof value === 'number' && value < 1e12 ? value * 1000 : value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The file as a whole cannot be read (cut short, say): refused with this message, nothing kept. */
export class UnreadableFileError extends Error {}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/gu;

/**
 * A project name read from a file (a folder, mem0's agent_id, an export's `project`), made one
 * Cairn can keep: control characters become spaces, spaces are collapsed, the length is cut to
 * PROJECT_LIMITS.nameMax. Undefined when nothing is left (or it is the "every project" `*`), so
 * a note is never refused for its folder's name: it is then personal.
 */
export function toProjectName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = [...wellFormed(value).replace(CONTROL, ' ').replace(/\s+/gu, ' ').trim()]
    .slice(0, PROJECT_LIMITS.nameMax)
    .join('')
    .trim();
  return name && name !== ALL_PROJECTS ? name : undefined;
}
