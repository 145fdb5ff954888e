// `npm run bench -- categorise`: the shipped categoriser model on the labelled notes
// (tests/fixtures/categorisation/notes.json). Prints JSON: category accuracy overall and per
// category on the held-out TEST half (and on train for reference), importance accuracy, tag
// precision/recall against the labelled tags (for a new user, and for a user whose existing tags
// are those of the train half), and latency per call.
import { loadavg } from 'node:os';
import { CATEGORIES, TRACE_LIMITS } from '../contract/traces.js';
import { loadNotes, type LabelledNote } from '../scripts/train-categoriser.js';
import { createCategoriser, type Categoriser } from '../server/features/categorise/categoriser.js';
import { tagKey } from '../server/features/categorise/tag-extraction.js';

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

export async function evaluate(categoriser: Categoriser, notes: LabelledNote[], userTags: string[]) {
  const perCategory = Object.fromEntries(CATEGORIES.map((c) => [c, { notes: 0, correct: 0 }]));
  const confusion: Record<string, Record<string, number>> = {};
  let correct = 0;
  let importanceCorrect = 0;
  let predictedTags = 0;
  let matchedTags = 0;
  let labelledTags = 0;
  let foundTags = 0;
  for (const n of notes) {
    const out = await categoriser.categorise({ title: n.title, content: n.content }, userTags);
    perCategory[n.category]!.notes++;
    if (out.category === n.category) {
      correct++;
      perCategory[n.category]!.correct++;
    }
    (confusion[n.category] ??= {})[out.category] = (confusion[n.category]![out.category] ?? 0) + 1;
    if (out.importance === n.importance) importanceCorrect++;
    const want = new Set(n.tags.map(tagKey));
    const got = new Set(out.tags.map(tagKey));
    predictedTags += got.size;
    matchedTags += [...got].filter((t) => want.has(t)).length;
    labelledTags += want.size;
    foundTags += [...want].filter((t) => got.has(t)).length;
  }
  return {
    notes: notes.length,
    categoryAccuracy: round(correct / notes.length),
    perCategory: Object.fromEntries(
      Object.entries(perCategory).map(([c, v]) => [c, { ...v, accuracy: round(v.correct / v.notes) }]),
    ),
    confusion,
    importanceAccuracy: round(importanceCorrect / notes.length),
    tags: {
      averagePredicted: round(predictedTags / notes.length, 2),
      precision: round(matchedTags / predictedTags),
      recall: round(foundTags / labelledTags),
    },
  };
}

export async function run(): Promise<void> {
  const notes = loadNotes();
  const train = notes.filter((n) => n.split === 'train');
  const test = notes.filter((n) => n.split === 'test');
  const categoriser = createCategoriser();
  const trainTags = [...new Set(train.flatMap((n) => n.tags))];

  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const n of notes) {
      const t = performance.now();
      await categoriser.categorise({ title: n.title, content: n.content }, trainTags);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => round(times[Math.min(times.length - 1, Math.floor(p * times.length))]!, 4);

  // The worst input the contract allows: 20,000 characters, for a user with 1,000 tags.
  const longNote = notes
    .map((n) => n.content)
    .join(' ')
    .repeat(2)
    .slice(0, TRACE_LIMITS.contentMax);
  const manyTags = [...trainTags, ...Array.from({ length: 1000 - trainTags.length }, (_, i) => `topic-${i}`)];
  const longTimes: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await categoriser.categorise({ title: null, content: longNote }, manyTags);
    longTimes.push(performance.now() - t);
  }
  longTimes.sort((a, b) => a - b);

  const result = {
    bench: 'categorise',
    method: 'softmax regression over word/bigram/cue features; importance by cue rules; tags by extraction',
    test: await evaluate(categoriser, test, []),
    testWithExistingUserTags: (await evaluate(categoriser, test, trainTags)).tags,
    train: await evaluate(categoriser, train, []),
    latencyMs: { calls: times.length, p50: at(0.5), p95: at(0.95), max: at(1) },
    latencyLongestNoteMs: {
      chars: longNote.length,
      userTags: manyTags.length,
      p50: round(longTimes[25]!, 2),
      p95: round(longTimes[47]!, 2),
    },
    loadAverage1m: round(loadavg()[0]!, 2),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
