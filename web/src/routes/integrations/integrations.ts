import {
  Braces,
  Code2,
  type LucideIcon,
  MessageSquare,
  Puzzle,
  Server,
  Smartphone,
  Sparkles,
  Terminal,
} from 'lucide-react';
import { CHATGPT } from '../../lib/vendor-guides.js';

export type IntegrationCard = {
  name: string;
  description: string;
  icon: LucideIcon;
  /** How it authenticates, shown as a small label. */
  auth?: string;
  status: 'beta' | 'coming-soon';
  /** Where "Set up" goes; coming-soon cards have none. */
  links?: readonly { to: string; label: string }[];
};

/** Spec section 2, Integrations: the available cards link to their set-up; two are coming soon. */
export const INTEGRATION_CARDS: readonly IntegrationCard[] = [
  {
    name: 'Claude AI MCP Remote',
    description:
      'Add Cairn as a custom connector on claude.ai; it then works in Claude Desktop and mobile too.',
    icon: Sparkles,
    auth: 'OAuth',
    status: 'beta',
    links: [{ to: '/app/mcp-setup#claude-web', label: 'Set up Claude' }],
  },
  {
    name: 'ChatGPT MCP Connector',
    description: `Create an app in ChatGPT’s developer mode (${CHATGPT.plans}) and sign in to Cairn.`,
    icon: MessageSquare,
    auth: 'OAuth',
    status: 'beta',
    links: [{ to: '/app/mcp-setup#chatgpt', label: 'Set up ChatGPT' }],
  },
  {
    name: 'Claude Code CLI',
    description: 'One claude mcp add command gives Claude Code your memories in every project.',
    icon: Terminal,
    auth: 'API key or OAuth',
    status: 'beta',
    links: [{ to: '/app/mcp-setup#claude-code', label: 'Set up Claude Code' }],
  },
  {
    name: 'MCP Server (Local)',
    description: 'A local stdio server (Node 18+) for clients that start their MCP servers as processes.',
    icon: Server,
    auth: 'API key',
    status: 'beta',
    links: [{ to: '/app/mcp-setup#other', label: 'Set up the local server' }],
  },
  {
    name: 'Cursor IDE',
    description: 'Point Cursor’s mcp.json at Cairn with an API key, or sign in with OAuth.',
    icon: Code2,
    auth: 'API key or OAuth',
    status: 'beta',
    links: [{ to: '/app/mcp-setup#other', label: 'Set up Cursor' }],
  },
  {
    name: 'REST API',
    description: 'Search and manage traces from scripts and your own tools with plain HTTP and JSON.',
    icon: Braces,
    auth: 'API key',
    status: 'beta',
    links: [
      { to: '/app/settings/api-keys', label: 'Create an API key' },
      { to: '/app/mcp-setup#other', label: 'See the example' },
    ],
  },
  {
    name: 'TypeScript SDK',
    description:
      'Typed client for Node 18+ and browsers, no dependencies: traces, search, stats, import and export. In this server’s source at packages/sdk (README: quick start).',
    icon: Code2,
    auth: 'API key or OAuth',
    status: 'beta',
    links: [{ to: '/app/settings/api-keys', label: 'Create an API key' }],
  },
  {
    name: 'Python SDK',
    description:
      'Standard-library client for Python 3.9+, the same calls and error codes: pip install ./packages/sdk-python from this server’s source (README: quick start).',
    icon: Terminal,
    auth: 'API key or OAuth',
    status: 'beta',
    links: [{ to: '/app/settings/api-keys', label: 'Create an API key' }],
  },
  {
    name: 'Chrome Extension',
    description: 'Save what you read on the web as traces, straight from the browser.',
    icon: Puzzle,
    status: 'coming-soon',
  },
  {
    name: 'Mobile App',
    description: 'Read and add memories from your phone.',
    icon: Smartphone,
    status: 'coming-soon',
  },
];
