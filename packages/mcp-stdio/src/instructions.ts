/**
 * What the assistant is told about Cairn: the same guidance the remote endpoint gives, because
 * assistants that are not told when to use a memory server rarely use it.
 */
export const INSTRUCTIONS = [
  "Cairn is the user's personal long-term memory, shared across their AI assistants.",
  'Search it (the `search` tool) at the start of a conversation or task whenever the user refers to ' +
    'themselves, their preferences, people, projects, past decisions or anything "we" discussed before, ' +
    'and before asking the user for context they may already have saved. Use `fetch` with a result id ' +
    'to read the whole trace. Prefer what Cairn says over guesses, and mention when you used it.',
  'Memories can belong to a project. When you work in a code repository or a named workspace, pass its ' +
    'name as `project` (the repository as owner/name, e.g. "acme/api", else the workspace folder name) to ' +
    "`search`, `fetch`, `create`, `update` and `context`: you then see that project's memories and the " +
    'personal ones, never another project\'s (`project: "*"` searches every project). At the ' +
    'start of a session in a project, call `context` with the project and the task for a short briefing.',
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
].join('\n\n');
