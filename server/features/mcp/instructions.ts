import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ALL_PROJECTS, PROJECT_LIMITS } from '../../../contract/projects.js';
import { SEARCH_LIMITS } from '../../../contract/search.js';
import { briefingText } from '../context/context.service.js';
import type { ToolDeps } from './tools/tool-deps.js';

/**
 * What an assistant is told about Cairn. Assistants that are not told when to use a memory
 * server rarely use it, so the server's `instructions` (sent at initialize and in
 * server/discover) and the prompts below say when to search and when to save.
 */
export function serverInstructions(canWrite: boolean): string {
  const lines = [
    "Cairn is the user's personal long-term memory, shared across their AI assistants.",
    'Search it (the `search` tool) at the start of a conversation or task whenever the user refers to ' +
      'themselves, their preferences, people, projects, past decisions or anything "we" discussed before, ' +
      'and before asking the user for context they may already have saved. Use `fetch` with a result id ' +
      'to read the whole trace. Prefer what Cairn says over guesses, and mention when you used it.',
    'Memories can belong to a project. When you work in a code repository or a named workspace, pass its ' +
      'name as `project` (the repository as owner/name, e.g. "acme/api", else the workspace folder name) to ' +
      "`search`, `fetch`, `create`, `update` and `context`: you then see that project's memories and the " +
      `personal ones, never another project's (\`project: "${ALL_PROJECTS}"\` searches every project). At the ` +
      'start of a session in a project, call `context` with the project and the task for a short briefing.',
  ];
  if (canWrite) {
    lines.push(
      'Save something (the `create` tool) when the user states a lasting preference, a fact about ' +
        'themselves or their work, a decision, or asks you to remember something. Write one self-contained ' +
        'trace per idea, with a short title; category, importance and tags are filled in automatically when ' +
        'left out. Do not save secrets (passwords, keys), one-off chit-chat, or what is already saved: ' +
        'search first, and use `update` to correct an existing trace instead of adding a near copy. ' +
        'When a new fact replaces an old one (the user moved, changed a plan or a preference), save the new ' +
        'one with `supersedes: [old id]`, or call `supersede`: the old one is kept but leaves search. ' +
        'Use `delete` only when the user asks to forget something. Save what holds only for this project ' +
        '(its conventions, architecture, decisions) with `project`; leave it out for what is about the user ' +
        'and holds everywhere. Pin (`pinned: true`) the few rules every session in the project must know.',
    );
  } else {
    lines.push('This connection is read-only: it can search and read memories but not save them.');
  }
  return lines.join('\n\n');
}

// Built once: the server (and its prompts) is rebuilt for every request.
const RecallArgs = z.object({ topic: z.string().describe('What to look up, e.g. "my travel preferences"') });
const RememberArgs = z.object({ note: z.string().describe('What to remember') });
const ContextArgs = z.object({
  project: z
    .string()
    .max(PROJECT_LIMITS.nameMax)
    .optional()
    .describe('The repository or workspace name, e.g. "acme/api"'),
  task: z.string().max(SEARCH_LIMITS.queryMax).optional().describe('What this session is about to do'),
});

/** Prompts a person can pick in their client to steer the assistant to Cairn. */
export function registerPrompts(
  server: McpServer,
  canWrite: boolean,
  deps: Pick<ToolDeps, 'context' | 'principal' | 'signal'>,
): void {
  // The briefing itself, as the prompt's message: a client can start a session with it.
  server.registerPrompt(
    'context',
    {
      title: 'Brief me on this project',
      description: 'What Cairn knows that matters for work in a project: pinned, important, used, relevant.',
      argsSchema: ContextArgs,
    },
    async ({ project, task }) => {
      const briefing = await deps.context.briefing(
        deps.principal,
        { ...(project ? { project } : {}), ...(task ? { task } : {}) },
        deps.signal ? { signal: deps.signal } : {},
      );
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `${briefingText(briefing)}\n\nKeep these in mind for this session` +
                (project ? ` and pass project "${project}" to Cairn's tools.` : '.'),
            },
          },
        ],
      };
    },
  );
  server.registerPrompt(
    'use-memory',
    {
      title: 'Use my Cairn memory',
      description: 'Tells the assistant to consult Cairn before answering and to save what is worth keeping.',
    },
    () => ({
      messages: [{ role: 'user', content: { type: 'text', text: serverInstructions(canWrite) } }],
    }),
  );
  server.registerPrompt(
    'recall',
    {
      title: 'Recall from memory',
      description: 'Search Cairn for what is known about a topic and summarise it.',
      argsSchema: RecallArgs,
    },
    ({ topic }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Search my Cairn memory for "${topic}" (use the search tool, then fetch the relevant results) ` +
              'and summarise what it says, citing the traces you used. Say so if nothing relevant is saved.',
          },
        },
      ],
    }),
  );
  if (canWrite) {
    server.registerPrompt(
      'remember',
      {
        title: 'Remember this',
        description: 'Save a note to Cairn as a memory trace.',
        argsSchema: RememberArgs,
      },
      ({ note }) => ({
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                'Save this to my Cairn memory with the create tool, as one self-contained trace with a short ' +
                `title (search first; if it is already saved, update that trace instead):\n\n${note}`,
            },
          },
        ],
      }),
    );
  }
}
