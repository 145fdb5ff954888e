import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { CONTEXT_LIMITS } from '../../../../contract/context.js';
import { ALL_PROJECTS, PROJECT_LIMITS } from '../../../../contract/projects.js';
import { SEARCH_LIMITS } from '../../../../contract/search.js';
import { briefingText } from '../../context/context.service.js';
import { toolAllowed } from '../mcp-auth.js';
import { fetchDocument, jsonResult, searchItem, toolError } from '../tool-results.js';
import type { ToolDeps } from './tool-deps.js';

/**
 * Results are bounded so no call nears Claude Code's ~25k-token cap (we keep under about 20k): a
 * search answers at most 20 items of ≤300-character snippets; a fetch is one trace, whose content
 * the traces service already caps at 20,000 characters.
 */
export const MCP_SEARCH_LIMITS = { limitDefault: 10, limitMax: 20 } as const;

/**
 * The project an assistant works in (ADR 0029): the repository or workspace name. Reads then see
 * that project's memories and the personal ones, never another project's; `*` reaches them all.
 */
export const ProjectParam = z
  .string()
  .max(PROJECT_LIMITS.nameMax)
  .describe(
    'The project you work in: the repository or workspace name (e.g. "acme/api"). Finds that project\'s memories ' +
      `and the personal ones, never another project's; "${ALL_PROJECTS}" searches every project. Left out: every memory.`,
  );

const SearchInput = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'Query is required: send the words to search for')
    .max(SEARCH_LIMITS.queryMax)
    .describe('What to look for, in natural language or keywords'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MCP_SEARCH_LIMITS.limitMax)
    .optional()
    .describe(
      `How many results (default ${MCP_SEARCH_LIMITS.limitDefault}, at most ${MCP_SEARCH_LIMITS.limitMax})`,
    ),
  min_relevance: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      `Leave out results less relevant than this, 0–1 (default ${SEARCH_LIMITS.minRelevanceDefault}; 0 returns the weak matches too)`,
    ),
  project: ProjectParam.optional(),
  include_superseded: z
    .boolean()
    .optional()
    .describe(
      'Also search memories a newer one replaced (marked superseded), e.g. to answer what was true before',
    ),
});

const FetchInput = z.object({
  id: z.string().max(100).describe('The id of a trace, as returned by search'),
  project: ProjectParam.optional().describe(
    'The project you work in: a trace of another project is then not found (personal ones are)',
  ),
});

const ContextInput = z.object({
  project: ProjectParam.optional(),
  task: z
    .string()
    .max(SEARCH_LIMITS.queryMax)
    .optional()
    .describe('What you are about to do, in a sentence: memories relevant to it are added'),
  max_tokens: z
    .number()
    .int()
    .min(CONTEXT_LIMITS.maxTokensMin)
    .max(CONTEXT_LIMITS.maxTokensMax)
    .optional()
    .describe(
      `The budget in tokens, estimated as characters / ${CONTEXT_LIMITS.charsPerToken} (default ${CONTEXT_LIMITS.maxTokensDefault})`,
    ),
});

export function registerReadTools(server: McpServer, deps: ToolDeps): void {
  const { traces, search, context, principal, publicUrl, log, signal } = deps;

  if (toolAllowed(principal, 'search'))
    server.registerTool(
      'search',
      {
        title: 'Search memory',
        description:
          "Search the user's Cairn memory (notes, preferences, facts, project context) and return the best " +
          'matching traces with an id, title, link, a short snippet and a relevance (0-1). When nothing is ' +
          'clearly relevant, the closest few come back marked "weak": check them before relying on them. ' +
          'Use fetch with an id to read a whole trace.',
        inputSchema: SearchInput,
        annotations: { title: 'Search memory', readOnlyHint: true, openWorldHint: false },
      },
      async ({ query, limit, min_relevance, project, include_superseded }) => {
        try {
          // Hybrid search, the same as POST /api/search; it counts each returned result as one retrieval.
          // Weak matches always: an assistant can set a weak result aside, never see a hidden one.
          const { results, message } = await search.search(
            principal,
            {
              query,
              limit: limit ?? MCP_SEARCH_LIMITS.limitDefault,
              ...(min_relevance === undefined ? {} : { min_relevance }),
              ...(project === undefined ? {} : { project }),
              ...(include_superseded === undefined ? {} : { include_superseded }),
              weak_matches: true,
            },
            // A workspace whose project does not exist yet still finds the personal memories.
            { ...(signal ? { signal } : {}), unknownProject: 'empty' },
          );
          // structuredContent repeats the JSON for clients that read it. No outputSchema: with a fresh
          // server per request the SDK would convert and check it on every call (~1 ms), for a shape
          // the text already fixes.
          // An empty answer says why, so the assistant does not take silence for an error.
          return jsonResult(
            { results: results.map((r) => searchItem(publicUrl, r)), ...(message ? { message } : {}) },
            true,
          );
        } catch (err) {
          return toolError(err, log);
        }
      },
    );

  if (toolAllowed(principal, 'fetch'))
    server.registerTool(
      'fetch',
      {
        title: 'Read a memory',
        description:
          'Read one trace of Cairn memory in full by its id (from search): title, text, link and metadata ' +
          '(category, importance, tags, created and updated times, what created and last changed it ' +
          '(the web app, an API key, an assistant or an import, by name), what replaced it if it is superseded, ' +
          'and the older traces it replaced, if any).',
        inputSchema: FetchInput,
        annotations: { title: 'Read a memory', readOnlyHint: true, openWorldHint: false },
      },
      async ({ id, project }) => {
        try {
          // traces.get counts the read as an access for assistants (it never runs as a web session here).
          const trace = await traces.get(principal, id.trim(), { project });
          return jsonResult(fetchDocument(publicUrl, trace));
        } catch (err) {
          return toolError(err, log);
        }
      },
    );

  if (toolAllowed(principal, 'context'))
    server.registerTool(
      'context',
      {
        title: 'Briefing for this session',
        description:
          'Call at the start of a session in a project: what to know before working there, within a token ' +
          'budget. Pinned and high-importance memories first, then the most used and most recent, then those ' +
          'relevant to `task`; each with its id (use fetch to read one in full). Pass the repository or ' +
          'workspace name as `project`.',
        inputSchema: ContextInput,
        annotations: { title: 'Briefing for this session', readOnlyHint: true, openWorldHint: false },
      },
      async (input) => {
        try {
          const briefing = await context.briefing(principal, input, signal ? { signal } : {});
          // The Markdown for the model to read; the same items as JSON for clients that read structure.
          return {
            content: [{ type: 'text', text: briefingText(briefing) }],
            structuredContent: briefing,
          };
        } catch (err) {
          return toolError(err, log);
        }
      },
    );
}
