// `node --import tsx scripts/paraphrase/check-fixture.ts [store.json …]`: per store, the counts of
// notes and of each kind of question, and every broken promise (a paraphrase sharing a word with
// its answer, a shared-word question sharing none, an answer id that is no note). Exit 1 on any.
import { ANSWERED_KINDS, loadMemoryStores, MEMORY_FIXTURE, noteText } from '../../bench/memory-fixture.js';
import { sharedStems } from './content-words.js';

const paths = process.argv.slice(2);
const stores = paths.length ? paths.flatMap((p) => loadMemoryStores(p)) : loadMemoryStores(MEMORY_FIXTURE);
let problems = 0;
for (const s of stores) {
  const byId = new Map(s.notes.map((n) => [n.id, n]));
  const kinds: Record<string, number> = {};
  for (const q of s.questions) {
    kinds[q.kind] = (kinds[q.kind] ?? 0) + 1;
    const answered = (ANSWERED_KINDS as readonly string[]).includes(q.kind);
    const missing = q.answers.filter((a) => !byId.has(a));
    const say = (why: string) => {
      problems++;
      console.log(`  ${s.store}: ${why}: "${q.query}"`);
    };
    if (missing.length) say(`unknown answer ids ${missing.join(', ')}`);
    if (answered !== q.answers.length > 0)
      say(answered ? 'no answers' : 'answers on an unanswerable question');
    const shared = q.answers.flatMap((a) =>
      byId.has(a) ? sharedStems(q.query, noteText(byId.get(a)!)) : [],
    );
    if (q.kind === 'paraphrase' && shared.length) say(`paraphrase shares [${shared.join(', ')}]`);
    if (q.kind === 'shared' && !shared.length) say('shared-word question shares nothing');
  }
  const ids = s.notes.map((n) => n.id);
  if (new Set(ids).size !== ids.length) {
    problems++;
    console.log(`  ${s.store}: duplicate note ids`);
  }
  console.log(`${s.store}: ${s.notes.length} notes, ${JSON.stringify(kinds)}`);
}
console.log(problems ? `${problems} problem(s)` : 'no problems');
process.exit(problems ? 1 : 0);
