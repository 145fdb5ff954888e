/** Realistic memories for pages people look at (screenshots): varied categories, lengths and tags. */
export const SAMPLE_TRACES = [
  {
    title: 'Coffee order',
    content: 'Flat white with oat milk, no sugar. Decaf after 3 pm.',
    category: 'preference',
    importance: 'low',
    tags: ['food', 'coffee'],
  },
  {
    title: 'Atlas launch',
    content:
      'The Atlas billing migration goes live on 14 December. Freeze on the payments service from 10 December; Priya owns the rollback plan.',
    category: 'work',
    importance: 'high',
    tags: ['atlas', 'deadline'],
  },
  {
    title: null,
    content: 'Allergic to penicillin. Carries an antihistamine when travelling.',
    category: 'fact',
    importance: 'high',
    tags: ['health'],
  },
  {
    title: 'Code review style',
    content: 'Prefers small PRs with a short description of why. Comments on tests first, then naming.',
    category: 'preference',
    importance: 'medium',
    tags: ['code-review', 'work'],
  },
  {
    title: 'Mia’s school',
    content:
      'Daughter Mia started year 2 at Hillside Primary. Pick-up is 15:15 on weekdays, 12:30 on Fridays.',
    category: 'personal',
    importance: 'medium',
    tags: ['family'],
  },
  {
    title: 'Stack for side project',
    content:
      'TypeScript, Fastify and PostgreSQL; deploys with a single Docker compose file on a Hetzner box.',
    category: 'context',
    importance: 'medium',
    tags: ['tech-stack'],
  },
  {
    title: 'Editor setup',
    content: 'Uses Neovim with LazyVim, dark theme everywhere, JetBrains Mono at 14 pt.',
    category: 'preference',
    importance: 'low',
    tags: ['tools'],
  },
  {
    title: 'Running goal',
    content: 'Training for the Berlin half marathon in April; long run on Sundays, target pace 5:20/km.',
    category: 'personal',
    importance: 'medium',
    tags: ['running', 'health'],
  },
  {
    title: 'Team rituals',
    content: 'Stand-up at 9:45, demo every second Thursday, retro on the last Friday of the month.',
    category: 'work',
    importance: 'low',
    tags: ['team'],
  },
  {
    title: 'Current question',
    content:
      'Comparing pgvector HNSW with IVFFlat for about a million embeddings; recall matters more than build time.',
    category: 'context',
    importance: 'medium',
    tags: ['research', 'databases'],
  },
  {
    title: 'Home Wi-Fi',
    content:
      'The router is in the hallway cupboard; the mesh node upstairs needs a restart when video calls drop.',
    category: 'fact',
    importance: 'low',
    tags: ['home'],
  },
  {
    title: 'Writing voice',
    content: 'Plain British English, short sentences, no exclamation marks. Dates as 14 December 2026.',
    category: 'preference',
    importance: 'high',
    tags: ['writing'],
  },
  {
    title: 'Quarterly goals',
    content: 'Q1: ship search v2, hire one backend engineer, cut p95 latency of the API by a third.',
    category: 'work',
    importance: 'high',
    tags: ['goals'],
  },
  {
    title: 'Partner’s birthday',
    content:
      'Sam’s birthday is 3 March. Likes Japanese food and bookshops; booked Koya for dinner last year.',
    category: 'personal',
    importance: 'high',
    tags: ['family', 'birthday'],
  },
] as const;
