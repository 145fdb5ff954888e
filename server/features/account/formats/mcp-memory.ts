import type { ExportedTrace } from '../../../../contract/account.js';
import { checkItem, isCategory, type ParsedItem, toIsoDate, toProjectName, toTag } from './import-item.js';

type Trace = ExportedTrace;

/**
 * The knowledge graph of the official MCP memory server (@modelcontextprotocol/server-memory):
 * JSON lines of entities {type, name, entityType, observations} and relations {type, from, to,
 * relationType}. A trace becomes an entity whose observations are its content's lines.
 */
export type McpEntity = {
  type: 'entity';
  name: string;
  entityType: string;
  observations: string[];
  /**
   * What the graph has no place for, so a round trip through this file keeps it (issue 26): an
   * extra field, which the official server ignores when it reads the file. Observations would
   * have kept it too, but as text an assistant reads as part of the memory.
   */
  cairn?: Pick<Trace, 'id' | 'importance' | 'tags' | 'created_at' | 'updated_at'> &
    Partial<Pick<Trace, 'project' | 'pinned'>>;
};
export type McpRelation = { type: 'relation'; from: string; to: string; relationType: string };

/** An entity needs a unique name; a trace without a title gets this one, and keeps no title coming back. */
const UNTITLED = /^cairn:([0-9a-f-]{36})$/u;

export function traceToEntity(trace: Trace): McpEntity {
  return {
    type: 'entity',
    name: trace.title || `cairn:${trace.id}`,
    entityType: trace.category,
    observations: trace.content.split('\n'),
    cairn: {
      id: trace.id,
      importance: trace.importance,
      tags: trace.tags,
      ...(trace.project ? { project: trace.project } : {}),
      ...(trace.pinned ? { pinned: true } : {}),
      created_at: trace.created_at,
      updated_at: trace.updated_at,
    },
  };
}

/** How a relation reads inside the trace made from its `from` entity. */
export function relationLine(r: McpRelation): string {
  return `${r.relationType.replace(/_/gu, ' ')} ${r.to}`;
}

/**
 * An entity as a trace: title = name, content = its observations then its relations, a line each;
 * entityType becomes the category when it is one of Cairn's, else a tag.
 */
export function entityToItem(
  entity: Record<string, unknown>,
  relations: readonly McpRelation[],
  label: string,
): ParsedItem {
  const name = typeof entity.name === 'string' ? entity.name : '';
  if (!name) return { label, error: 'an entity needs a name' };
  const observations = Array.isArray(entity.observations)
    ? entity.observations.filter((o) => typeof o === 'string')
    : [];
  const lines = [...observations, ...relations.map(relationLine)];
  const type = typeof entity.entityType === 'string' ? entity.entityType : '';
  const untitled = UNTITLED.exec(name);
  // Cairn's own export (traceToEntity) carries tags, importance and dates beside the graph.
  const kept = (entity.cairn && typeof entity.cairn === 'object' ? entity.cairn : {}) as Record<
    string,
    unknown
  >;
  const keptTags = Array.isArray(kept.tags)
    ? kept.tags.filter((t): t is string => typeof t === 'string')
    : [];
  const typeTag = type && !isCategory(type) ? [toTag(type)] : [];
  const tags = [...new Set([...keptTags, ...typeTag])];
  const created = toIsoDate(kept.created_at);
  const project = toProjectName(kept.project);
  return checkItem(label, {
    title: untitled ? null : name,
    content: lines.join('\n').trim() || name,
    ...(isCategory(type) ? { category: type.toLowerCase() } : {}),
    ...(tags.length ? { tags } : {}),
    ...(kept.importance !== undefined ? { importance: kept.importance } : {}),
    ...(created ? { created_at: created } : {}),
    ...(project ? { project } : {}),
    ...(kept.pinned === true ? { pinned: true } : {}),
  });
}

export function isRelation(value: unknown): value is McpRelation {
  const v = value as Record<string, unknown> | null;
  return (
    v?.type === 'relation' &&
    typeof v.from === 'string' &&
    typeof v.to === 'string' &&
    typeof v.relationType === 'string'
  );
}
