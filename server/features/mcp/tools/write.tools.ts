import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  CATEGORIES,
  IMPORTANCES,
  type SimilarTrace,
  SUPERSEDE_MAX,
  TRACE_LIMITS,
} from '../../../../contract/traces.js';
import { toolAllowed } from '../mcp-auth.js';
import { ProjectParam } from './read.tools.js';
import { jsonResult, toolError, traceSummary, traceUrl, UNTITLED } from '../tool-results.js';
import type { ToolDeps } from './tool-deps.js';

/**
 * Writing tools, registered only for principals holding write:traces. The JSON Schemas tell the
 * model the shape; the traces service validates again with the contract's rules and wording.
 */

const Id = z.string().max(100).describe('The id of the trace (from search or create)');
const Title = z.string().max(TRACE_LIMITS.titleMax);
const Content = z.string().max(TRACE_LIMITS.contentMax);
const Category = z.enum(CATEGORIES).describe('Left out: chosen automatically');
const Importance = z.enum(IMPORTANCES).describe('Left out: chosen automatically');
const Tags = z
  .array(z.string().max(TRACE_LIMITS.tagMax))
  .max(TRACE_LIMITS.tagsMax)
  .describe('Short lower-case keywords. Left out on create: suggested automatically');

const CreateInput = z.object({
  title: Title.min(1).describe('A short title saying what the memory is about'),
  content: Content.min(1).describe(
    'The memory itself, self-contained (it will be read without this conversation)',
  ),
  category: Category.optional(),
  importance: Importance.optional(),
  tags: Tags.optional(),
  project: ProjectParam.optional().describe(
    'The project you work in (the repository or workspace name, e.g. "acme/api"): a new name creates the ' +
      'project. Left out: a personal memory, seen in every project. Use it for what belongs to this project only',
  ),
  pinned: z.boolean().optional().describe('Pin it: it then leads every briefing (context) of its project'),
  supersedes: z
    .array(Id)
    .max(SUPERSEDE_MAX)
    .optional()
    .describe(
      'Ids of older memories this one replaces (a fact that changed): they are kept but leave search and the briefing',
    ),
});

const SupersedeInput = z.object({
  ids: z.array(Id).min(1).max(SUPERSEDE_MAX).describe('The older memories that no longer hold'),
  by: Id.describe('The id of the newer memory that replaces them'),
});

const UpdateInput = z.object({
  id: Id,
  title: Title.optional(),
  content: Content.optional(),
  category: Category.optional(),
  importance: Importance.optional(),
  tags: Tags.optional(),
  project: ProjectParam.nullable()
    .optional()
    .describe('Move it to this project (a new name creates it), or null: make it personal'),
  pinned: z.boolean().optional().describe('Pin it (it then leads every briefing) or unpin it'),
});

const DeleteInput = z.object({ id: Id });

export function registerWriteTools(server: McpServer, deps: ToolDeps): void {
  const { traces, principal, publicUrl, log } = deps;

  if (toolAllowed(principal, 'create'))
    server.registerTool(
      'create',
      {
        title: 'Save a memory',
        description:
          "Save a new trace to the user's Cairn memory. Title and content are required; category " +
          `(${CATEGORIES.join(', ')}), importance (${IMPORTANCES.join(', ')}) and tags are filled in ` +
          'automatically when left out. Saving content that is already stored returns the existing trace.',
        inputSchema: CreateInput,
        annotations: {
          title: 'Save a memory',
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true, // identical content returns the existing trace
          openWorldHint: false,
        },
      },
      async (input) => {
        try {
          const { trace, created } = await traces.create(principal, input, {
            source: 'mcp',
            createProject: true,
          });
          const outdated = trace.possibly_outdated ?? [];
          return jsonResult(
            {
              status: created ? 'created' : 'duplicate',
              message: created
                ? [
                    'Saved to memory.',
                    ...(trace.similar?.length
                      ? [
                          'Similar memories already exist (listed in similar): consider updating one of them instead of keeping both.',
                        ]
                      : []),
                    ...(outdated.length ? [OUTDATED_HINT] : []),
                  ].join(' ')
                : 'Not saved again: a trace with the same content already exists; here it is.',
              trace: traceSummary(publicUrl, trace),
              // Near-duplicates by words or by meaning, with how close each is (0–1).
              ...(trace.similar?.length ? { similar: trace.similar.map((s) => related(publicUrl, s)) } : {}),
              ...(outdated.length ? { possibly_outdated: outdated.map((s) => related(publicUrl, s)) } : {}),
            },
            true,
          );
        } catch (err) {
          return toolError(err, log);
        }
      },
    );

  if (toolAllowed(principal, 'update'))
    server.registerTool(
      'update',
      {
        title: 'Edit a memory',
        description:
          'Change an existing trace: only the fields sent change (title, content, category, importance, tags). ' +
          'Use it to correct or extend a memory instead of saving a near copy.',
        inputSchema: UpdateInput,
        annotations: {
          title: 'Edit a memory',
          readOnlyHint: false,
          destructiveHint: true, // the previous text is overwritten
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      async ({ id, ...changes }) => {
        try {
          const trace = await traces.update(principal, id.trim(), changes, { createProject: true });
          const outdated = trace.possibly_outdated ?? [];
          return jsonResult(
            {
              status: 'updated',
              ...(outdated.length ? { message: OUTDATED_HINT } : {}),
              trace: traceSummary(publicUrl, trace),
              ...(outdated.length ? { possibly_outdated: outdated.map((s) => related(publicUrl, s)) } : {}),
            },
            true,
          );
        } catch (err) {
          return toolError(err, log);
        }
      },
    );

  if (toolAllowed(principal, 'supersede'))
    server.registerTool(
      'supersede',
      {
        title: 'Mark memories replaced',
        description:
          'Mark older memories as replaced by a newer one, when a fact changed (the user moved, changed a plan ' +
          'or a preference). They are kept, never deleted, but leave search and the briefing; search with ' +
          'include_superseded reaches them. Save the new memory first (or pass supersedes to create).',
        inputSchema: SupersedeInput,
        annotations: {
          title: 'Mark memories replaced',
          readOnlyHint: false,
          destructiveHint: false, // kept, and the person can mark them current again
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      async ({ ids, by }) => {
        try {
          const marked = await traces.supersede(
            principal,
            ids.map((id) => id.trim()),
            by.trim(),
          );
          return jsonResult(
            {
              status: 'superseded',
              by: by.trim(),
              superseded: marked.map((t) => traceSummary(publicUrl, t)),
            },
            true,
          );
        } catch (err) {
          return toolError(err, log);
        }
      },
    );

  if (toolAllowed(principal, 'delete'))
    server.registerTool(
      'delete',
      {
        title: 'Forget a memory',
        description: 'Delete a trace from Cairn memory. Only when the user asks to forget something.',
        inputSchema: DeleteInput,
        annotations: {
          title: 'Forget a memory',
          readOnlyHint: false,
          destructiveHint: true,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      async ({ id }) => {
        try {
          await traces.remove(principal, id.trim());
          return jsonResult({ status: 'deleted', id: id.trim() }, true);
        } catch (err) {
          return toolError(err, log);
        }
      },
    );
}

const OUTDATED_HINT =
  'Memories on the same subject exist (listed in possibly_outdated): if this one makes any of them no ' +
  'longer true, call supersede with their ids.';

/** A near-duplicate or possibly outdated memory, as create and update name it. */
function related(publicUrl: string, s: SimilarTrace) {
  return {
    id: s.id,
    title: s.title || UNTITLED,
    url: traceUrl(publicUrl, s.id),
    similarity: s.similarity,
    found_by: s.found_by,
  };
}
