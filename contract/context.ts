import { z } from 'zod';
import { SEARCH_LIMITS } from './search.js';
import { Importance, ProjectFilter } from './traces.js';

/**
 * The session briefing (docs/decisions/0030-session-briefing.md): what an assistant should know
 * when it starts work in a project, within a token budget. Served by the MCP `context` tool and
 * prompt, and by `GET /api/context` for hooks that run before any MCP connection exists.
 */
export const CONTEXT_LIMITS = {
  /** About 1,500 tokens: a briefing should cost a session little of its context window. */
  maxTokensDefault: 1500,
  maxTokensMin: 100,
  maxTokensMax: 8000,
  /** Characters of a trace's content shown in the briefing (the rest is one `fetch` away). */
  snippetMax: 280,
  /**
   * Tokens are estimated as characters / 4, rounded up (about right for English text with the
   * tokenizers of 2026; no tokenizer is bundled). The estimate covers each item as sent.
   */
  charsPerToken: 4,
  /** Relevant-to-the-task results asked of search at most. */
  taskResults: 10,
} as const;

export const BRIEFING_REASONS = ['pinned', 'important', 'most_used', 'recent', 'relevant'] as const;

const Task = z
  .string({ error: 'task must be text' })
  .trim()
  .max(SEARCH_LIMITS.queryMax, `task must be at most ${SEARCH_LIMITS.queryMax} characters`)
  .describe('What the session is about to do: memories relevant to it are added last');
const MaxTokens = z
  .number({ error: 'max_tokens must be a whole number' })
  .int('max_tokens must be a whole number')
  .min(CONTEXT_LIMITS.maxTokensMin, `max_tokens must be at least ${CONTEXT_LIMITS.maxTokensMin}`)
  .max(CONTEXT_LIMITS.maxTokensMax, `max_tokens must be at most ${CONTEXT_LIMITS.maxTokensMax}`)
  .describe(
    `The budget, in tokens estimated as characters / ${CONTEXT_LIMITS.charsPerToken} (default ${CONTEXT_LIMITS.maxTokensDefault})`,
  );

export const ContextRequest = z.object({
  project: ProjectFilter.optional(),
  task: Task.optional(),
  max_tokens: MaxTokens.default(CONTEXT_LIMITS.maxTokensDefault),
});
export type ContextRequest = z.input<typeof ContextRequest>;

export const ContextQuery = z.object({
  project: ProjectFilter.optional(),
  task: Task.optional(),
  max_tokens: z.coerce.number({ error: 'max_tokens must be a whole number' }).pipe(MaxTokens).optional(),
  format: z
    .enum(['json', 'text'], { error: 'format must be json or text' })
    .default('json')
    .describe('text: the briefing as Markdown, for a hook to print'),
});

export const BriefingItem = z.object({
  id: z.uuid(),
  title: z.string(),
  snippet: z.string().describe(`The start of the content, at most ${CONTEXT_LIMITS.snippetMax} characters`),
  why: z.enum(BRIEFING_REASONS).describe('Why it is in the briefing'),
  importance: Importance,
  pinned: z.boolean(),
  project: z.string().nullable(),
  updated_at: z.string().describe('ISO 8601'),
});
export type BriefingItem = z.infer<typeof BriefingItem>;

export const ContextResponse = z
  .object({
    project: z.string().nullable().describe('The project briefed on; null: every trace'),
    max_tokens: z.number().int(),
    used_tokens: z.number().int().describe('Estimated tokens of the items (characters / 4)'),
    items: z.array(BriefingItem),
    omitted: z.number().int().describe('Candidates left out for the budget'),
  })
  .meta({ id: 'Context' });
export type ContextResponse = z.infer<typeof ContextResponse>;
