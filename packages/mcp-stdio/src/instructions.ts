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
  'Save something (the `create` tool) when the user states a lasting preference, a fact about ' +
    'themselves or their work, a decision, or asks you to remember something. Write one self-contained ' +
    'trace per idea, with a short title; category, importance and tags are filled in automatically when ' +
    'left out. Do not save secrets (passwords, keys), one-off chit-chat, or what is already saved: ' +
    'search first, and use `update` to correct an existing trace instead of adding a near copy. ' +
    'Use `delete` only when the user asks to forget something.',
].join('\n\n');
