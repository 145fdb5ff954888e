// `npm run bench -- <name> [args]`: runs bench/<name>.bench.ts, which prints JSON (its last stdout
// line is one JSON object). Speed goals live here, never as timed assertions in tests.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
const [name, ...args] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  process.stderr.write(`usage: npm run bench -- <${available.join('|') || 'name'}> [options]\n`);
  process.exit(2);
}
const mod = (await import(`./${name}.bench.ts`)) as { run(args: string[]): Promise<void> };
await mod.run(args);
