// `npm run bench -- test-db [--runs N]`: what one test database costs, booted empty and migrated
// versus loaded from the migrated template (docs/decisions/0014-test-databases.md). Prints the
// median wall and CPU milliseconds of each; CPU is the honest number on a shared machine.
import { migrate } from '../server/db/migrate.js';
import { openPglite } from '../server/db/pglite.js';
import { pgliteTemplate } from '../server/test-support/test-db.js';

type Sample = { wallMs: number; cpuMs: number };

async function measure(fn: () => Promise<void>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const summary = (samples: Sample[]) => ({
  wall_ms_p50: Math.round(median(samples.map((s) => s.wallMs))),
  cpu_ms_p50: Math.round(median(samples.map((s) => s.cpuMs))),
});

export async function run(args: string[]): Promise<void> {
  const i = args.indexOf('--runs');
  const runs = i >= 0 ? Number(args[i + 1]) : 5;
  const templateBuild = await measure(async () => {
    await pgliteTemplate();
  });
  const fresh: Sample[] = [];
  const fromTemplate: Sample[] = [];
  for (let n = 0; n < runs; n++) {
    fresh.push(
      await measure(async () => {
        const db = await openPglite(undefined);
        await migrate(db);
        await db.close();
      }),
    );
    fromTemplate.push(
      await measure(async () => {
        const db = await openPglite(undefined, { loadDataDir: await pgliteTemplate() });
        await db.ping();
        await db.close();
      }),
    );
  }
  process.stdout.write(
    `${JSON.stringify({
      runs,
      template_load_or_build_ms: Math.round(templateBuild.wallMs),
      fresh_and_migrated: summary(fresh),
      from_template: summary(fromTemplate),
    })}\n`,
  );
}
