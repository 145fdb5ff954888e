import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { CairnApi } from './cairn-api.js';
import { INSTRUCTIONS } from './instructions.js';
import { registerTools } from './tools.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** The MCP server: Cairn's tools, instructions and prompts, backed by the REST API. */
export function createServer(api: CairnApi, baseUrl: string, log: (message: string) => void): McpServer {
  const server = new McpServer(
    { name: 'cairn', title: 'Cairn memory', version },
    { instructions: INSTRUCTIONS },
  );
  registerTools(server, api, baseUrl, log);
  server.registerPrompt(
    'context',
    {
      title: 'Brief me on this project',
      description: 'What Cairn knows that matters for work in a project: pinned, important, used, relevant.',
      argsSchema: {
        project: z.string().max(100).optional().describe('The repository or workspace name, e.g. "acme/api"'),
        task: z.string().max(1000).optional().describe('What this session is about to do'),
      },
    },
    async ({ project, task }) => {
      const { text } = await api.context({ ...(project ? { project } : {}), ...(task ? { task } : {}) });
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `${text}\n\nKeep these in mind for this session` +
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
    () => ({ messages: [{ role: 'user', content: { type: 'text', text: INSTRUCTIONS } }] }),
  );
  server.registerPrompt(
    'recall',
    {
      title: 'Recall from memory',
      description: 'Search Cairn for what is known about a topic and summarise it.',
      argsSchema: { topic: z.string().describe('What to look up') },
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
  server.registerPrompt(
    'remember',
    {
      title: 'Remember this',
      description: 'Save a note to Cairn as a memory trace.',
      argsSchema: { note: z.string().describe('What to remember') },
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
  return server;
}

export { version };
