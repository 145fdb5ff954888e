// `npm run bench -- categorise`: the shipped categoriser model on the labelled notes
// (tests/fixtures/categorisation/notes.json). Prints JSON: on the held-out TEST half, category
// accuracy overall and per category, importance accuracy (and the always-medium baseline), tag
// precision/recall against the labelled tags (for a new user, and for a user whose existing tags
// are those of the train half); once with each note's vector from the bundled model (what create
// passes when the embedding came back in time) and once lexical only (no vector, or vectors of
// another model); the train half for reference; latency per call.
import { loadavg } from 'node:os';
import { CATEGORIES, TRACE_LIMITS } from '../contract/traces.js';
import { LOCAL_MODEL_ID } from '../server/embeddings/local-embedder.js';
import { type EmbeddedNote, embedNotes, loadNotes } from '../scripts/categoriser/data.js';
import { createCategoriser, type Categoriser } from '../server/features/categorise/categoriser.js';
import { tagKey } from '../server/features/categorise/tag-extraction.js';

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

export async function evaluate(
  categoriser: Categoriser,
  notes: EmbeddedNote[],
  userTags: string[],
  withVectors: boolean,
) {
  const perCategory = Object.fromEntries(CATEGORIES.map((c) => [c, { notes: 0, correct: 0 }]));
  const confusion: Record<string, Record<string, number>> = {};
  let correct = 0;
  let importanceCorrect = 0;
  let predictedTags = 0;
  let matchedTags = 0;
  let labelledTags = 0;
  let noTags = 0;
  for (const n of notes) {
    const out = await categoriser.categorise(
      { title: n.title, content: n.content },
      userTags,
      withVectors ? n.vector : undefined,
    );
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
    if (got.size === 0) noTags++;
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
      notesWithoutTags: noTags,
      precision: round(matchedTags / predictedTags),
      recall: round(matchedTags / labelledTags),
    },
  };
}

function percentiles(times: number[]) {
  times.sort((a, b) => a - b);
  const at = (p: number) => round(times[Math.min(times.length - 1, Math.floor(p * times.length))]!, 4);
  return { calls: times.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

export async function run(): Promise<void> {
  const notes = await embedNotes(loadNotes());
  const train = notes.filter((n) => n.split === 'train');
  const test = notes.filter((n) => n.split === 'test');
  const categoriser = createCategoriser({ embeddingModel: LOCAL_MODEL_ID });
  // The same vectors, said to come from another model (EMBEDDINGS_URL): they must be ignored.
  const otherModel = createCategoriser({ embeddingModel: 'openai:some-other-model' });
  const trainTags = [...new Set(train.flatMap((n) => n.tags))];

  const latency = async (withVectors: boolean) => {
    const times: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const n of notes) {
        const t = performance.now();
        await categoriser.categorise(
          { title: n.title, content: n.content },
          trainTags,
          withVectors ? n.vector : undefined,
        );
        times.push(performance.now() - t);
      }
    }
    return percentiles(times);
  };

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
    await categoriser.categorise({ title: null, content: longNote }, manyTags, notes[0]!.vector);
    longTimes.push(performance.now() - t);
  }

  const withVector = await evaluate(categoriser, test, [], true);
  const result = {
    bench: 'categorise',
    method:
      'category: softmax regression over word/bigram/cue features × softmax regression over the USE-lite vector ' +
      '(product of the two when a vector is given); importance: risk rules, else the same two models; ' +
      'tags: user tags, concept map, multi-word noun phrases',
    test: withVector,
    testAlwaysMediumImportance: round(test.filter((n) => n.importance === 'medium').length / test.length),
    testWithExistingUserTags: (await evaluate(categoriser, test, trainTags, true)).tags,
    testLexicalOnly: await evaluate(categoriser, test, [], false),
    testVectorsOfAnotherModel: (({ categoryAccuracy, importanceAccuracy }) => ({
      categoryAccuracy,
      importanceAccuracy,
    }))(await evaluate(otherModel, test, [], true)),
    train: (({ categoryAccuracy, importanceAccuracy, tags }) => ({
      categoryAccuracy,
      importanceAccuracy,
      tags,
    }))(await evaluate(categoriser, train, [], true)),
    latencyMs: { withVector: await latency(true), lexicalOnly: await latency(false) },
    latencyLongestNoteMs: { chars: longNote.length, userTags: manyTags.length, ...percentiles(longTimes) },
    loadAverage1m: round(loadavg()[0]!, 2),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
