import type { TraceActor } from '../../../contract/provenance.js';

/** What each kind of writer is called next to its name (ADR 0033). */
const KIND: Record<TraceActor['kind'], string | null> = {
  web: null,
  api_key: 'API key',
  oauth_client: 'assistant',
  import: 'import',
};

/**
 * A writer as the detail page and the cards name it: the assistant's, key's or file's own name
 * with what it is ("Claude (assistant)"), the web app as such. The server's words for one that is
 * gone ("deleted API key", a bare "import") already say what it was.
 */
export function actorLabel(actor: TraceActor): string {
  if (actor.kind === 'web') return 'the web app';
  const kind = KIND[actor.kind];
  return kind && actor.name !== kind && !actor.name.startsWith('deleted ')
    ? `${actor.name} (${kind})`
    : actor.name;
}

/** The changed fields of a version, as a sentence's list: "content and tags". */
export function fieldList(fields: readonly string[]): string {
  if (fields.length <= 1) return fields.join('');
  return `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;
}
