// Real: the whole app on a real migrated database, driven through app.inject(); the import
// service, its readers and the runner. Faked: nothing. Hostile import files (issue 26): zip bombs
// with and without Zip64, damaged and truncated archives, binary files, multipart bodies whole and
// broken, huge lines, bad encodings, JSON cut anywhere. The contract: never a 5xx, every refusal
// a JSON body with a string code, no job left staging or failed for a reason of our own, the
// process alive and its memory within IMPORT_FUZZ_RSS_CAP_BYTES.
//
// Seeded like the rest of the fuzz suite: `FUZZ_SEED=<seed> npx vitest run tests/fuzz` replays it.
import { setTimeout as sleep } from 'node:timers/promises';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32, writeZip } from '../../server/features/account/formats/zip.js';
import { craftZip, zeroBomb } from '../../server/test-support/hostile-zips.js';
import { formBody } from '../../server/test-support/multipart-body.js';
import { createTestApp, type TestApp, type TestUser } from '../../server/test-support/test-app.js';
import { createRandom, type Random, seedFromEnv } from './random.js';

const SEED = seedFromEnv();
/** Files per run: each kind below about a dozen times. */
const FILES = Number(process.env.FUZZ_IMPORT_FILES ?? 120);
/**
 * How much the process's resident memory may grow over a run. A bomb that were inflated would
 * take gigabytes; the readers hold about one entry (ZIP_LIMITS.entryBytes) or one element at a time.
 */
const IMPORT_FUZZ_RSS_CAP_BYTES = 512 * 1024 * 1024;

type Upload = { kind: string; body: Buffer; contentType: string };

async function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of writeZip(entries)) parts.push(part);
  return Buffer.concat(parts);
}

const words = (r: Random, n: number) =>
  Array.from({ length: n }, () =>
    r.pick(['tea', 'café', 'Miso', 'marathon', 'naïve', '日本', '🙂', 'x']),
  ).join(' ');

/** One hostile file of a kind chosen by `r`. */
async function hostileFile(r: Random): Promise<Upload> {
  const octet = 'application/octet-stream';
  const note = () => ({ name: `vault/${words(r, 2)}.md`, data: Buffer.from(`${words(r, 6)}\n`) });
  switch (r.int(12)) {
    case 0: {
      const zip64 = r.chance(0.5);
      const size = r.pick(zip64 ? [10, 2 ** 33, 2 ** 52] : [10, 100_000, 0xfffffffe]);
      const body = craftZip([{ name: 'b.md', body: zeroBomb(64 + r.int(448)), size, zip64 }]);
      return { kind: `bomb zip64=${zip64}`, body, contentType: octet };
    }
    case 1: {
      const zip = await zipOf(Array.from({ length: 1 + r.int(5) }, note));
      return { kind: 'truncated zip', body: zip.subarray(0, r.int(zip.length)), contentType: octet };
    }
    case 2: {
      const zip = Buffer.from(await zipOf(Array.from({ length: 1 + r.int(5) }, note)));
      for (let i = 0; i < 1 + r.int(8); i++) zip[r.int(zip.length)] = r.int(256);
      return { kind: 'damaged zip', body: zip, contentType: octet };
    }
    case 3: {
      const bytes = Buffer.from(Array.from({ length: 1 + r.int(20_000) }, () => r.int(256)));
      const magic = r.pick(['', '\x89PNG\r\n\x1a\n', '%PDF-1.4\n', '\x1f\x8b', 'PK\x03\x04', 'PK\x05\x06']);
      return {
        kind: 'binary',
        body: Buffer.concat([Buffer.from(magic, 'latin1'), bytes]),
        contentType: octet,
      };
    }
    case 4: {
      const boundary = `----fuzz${r.int(1e9)}`;
      let body = formBody(boundary, [
        ...(r.chance(0.5) ? [{ name: 'note', body: words(r, 3) }] : []),
        {
          name: r.pick(['file', 'upload']),
          fileName: r.chance(0.8) ? 'm.txt' : undefined,
          body: `${words(r, 5)}\n${words(r, 5)}`,
        },
      ]);
      if (r.chance(0.4)) body = body.subarray(0, r.int(body.length));
      const type = r.chance(0.9) ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data';
      return { kind: 'multipart', body, contentType: type };
    }
    case 5: {
      const line = r.pick(['a', '{"content":"', '- ', '[']) + 'x'.repeat(1_000_000 + r.int(4_000_000));
      return { kind: 'huge line', body: Buffer.from(line), contentType: 'text/plain' };
    }
    case 6: {
      const text = `${words(r, 4)}\nCrème brûlée ${words(r, 3)}\n`;
      const encoding = r.pick(['latin1', 'utf16le', 'ucs2'] as const);
      return { kind: `encoding ${encoding}`, body: Buffer.from(text, encoding), contentType: 'text/plain' };
    }
    case 7: {
      const bad = Buffer.from([0xc3, 0x28, 0xe2, 0x82, 0xed, 0xa0, 0x80, 0xff, 0xfe]);
      const body = Buffer.concat([
        Buffer.from(`${words(r, 3)}\n`),
        bad.subarray(r.int(bad.length)),
        Buffer.from('\nend\n'),
      ]);
      return { kind: 'invalid utf-8', body, contentType: 'text/plain' };
    }
    case 8: {
      const traces = Array.from({ length: 1 + r.int(50) }, () => ({
        content: words(r, 5),
        tags: ['t'],
        category: 'fact',
      }));
      const json = JSON.stringify({ format: 'cairn-export', version: 1, traces });
      return {
        kind: 'cut json',
        body: Buffer.from(json.slice(0, r.int(json.length))),
        contentType: 'application/json',
      };
    }
    case 9: {
      const depth = 1000 + r.int(100_000);
      const body = `{"traces":[${'['.repeat(depth)}${']'.repeat(r.chance(0.5) ? depth : 0)}]}`;
      return { kind: 'deep json', body: Buffer.from(body), contentType: 'application/json' };
    }
    case 10: {
      const lines = Array.from({ length: 1 + r.int(20) }, () =>
        r.pick([
          JSON.stringify({ type: 'entity', name: words(r, 1), entityType: 'x', observations: [words(r, 4)] }),
          JSON.stringify({ type: 'relation', from: words(r, 1), to: words(r, 1), relationType: 'y' }),
          '{"type":"entity","name":"\\ud800","observations":["\\udfff"]}',
          '{"type":"entity",',
        ]),
      );
      return { kind: 'mcp jsonl', body: Buffer.from(lines.join('\n')), contentType: 'application/x-ndjson' };
    }
    default: {
      // A zip whose one note deflates a few hundred times over: within a note's limit or past it.
      const text = Buffer.from('a'.repeat(50_000 + r.int(200_000)));
      const entry = { name: 'n.md', body: deflateRawSync(text), size: text.length, crc: crc32(text) };
      return { kind: 'deflated note', body: craftZip([entry]), contentType: octet };
    }
  }
}

describe(`fuzz: import files (seed ${SEED}; replay with FUZZ_SEED=${SEED})`, () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
  });
  afterAll(async () => t?.close());

  it(
    `${FILES} hostile files: never a 5xx, nothing left half-read, memory bounded`,
    { timeout: 600_000 },
    async () => {
      const r = createRandom(SEED);
      const failures: { kind: string; status: number; body: string }[] = [];
      const kinds = new Map<string, number[]>();
      const jobs: string[] = [];
      const before = process.memoryUsage().rss;
      let peak = before;
      for (let i = 0; i < FILES; i++) {
        const file = await hostileFile(r);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/account/import/jobs',
          headers: { authorization: `Bearer ${user.token}`, 'content-type': file.contentType },
          payload: file.body,
        });
        kinds.set(file.kind, [...(kinds.get(file.kind) ?? []), res.statusCode]);
        const body = res.body;
        let code: unknown;
        try {
          code = (JSON.parse(body) as { code?: unknown }).code;
        } catch {
          code = undefined;
        }
        if (res.statusCode >= 500)
          failures.push({ kind: file.kind, status: res.statusCode, body: body.slice(0, 300) });
        else if (res.statusCode >= 400 && typeof code !== 'string') {
          failures.push({ kind: file.kind, status: res.statusCode, body: `no code: ${body.slice(0, 300)}` });
        } else if (res.statusCode < 300) jobs.push((JSON.parse(body) as { id: string }).id);
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      // Every job accepted ends ready (complete) or failed for a reason the person can act on.
      for (const id of jobs) {
        let job = { status: 'staging', error: null as string | null };
        for (let i = 0; i < 1500 && job.status === 'staging'; i++) {
          job = (
            await t.app.inject({
              method: 'GET',
              url: `/api/account/import/jobs/${id}`,
              headers: { authorization: `Bearer ${user.token}` },
            })
          ).json();
          if (job.status === 'staging') await sleep(20);
        }
        if (job.status === 'staging' || /could not be read to its end/.test(job.error ?? '')) {
          failures.push({ kind: 'job', status: 0, body: JSON.stringify(job) });
        }
      }
      console.log(
        `import fuzz seed ${SEED}: ${[...kinds].map(([k, s]) => `${k} ${s.join(',')}`).join('; ')}; RSS grew ${((peak - before) / 1048576).toFixed(0)} MiB`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
      expect(peak - before).toBeLessThan(IMPORT_FUZZ_RSS_CAP_BYTES);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    },
  );
});
