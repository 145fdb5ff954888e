#!/usr/bin/env node
// The Node 24 LTS binary the test run uses beside the machine's own Node (ADR 0032). Cairn supports
// Node 22.13+ and 24 LTS; CI machines may still carry an older Node, so `npm test` fetches Node 24
// from the npm registry's `node` package (npx caches it: seconds after the first time) and runs the
// PostgreSQL server suites and the end-to-end server on it. Prints the binary's path as its last line.
import { execFileSync } from 'node:child_process';

const WANTED_MAJOR = 24;

export function nodeLtsBinary() {
  if (Number(process.versions.node.split('.')[0]) === WANTED_MAJOR) return process.execPath;
  try {
    const out = execFileSync(
      'npx',
      ['-y', '-p', `node@${WANTED_MAJOR}`, 'node', '-p', 'process.execPath + " " + process.versions.node'],
      { stdio: ['ignore', 'pipe', 'inherit'], timeout: 300_000 },
    )
      .toString()
      .trim()
      .split('\n')
      .at(-1);
    const [bin, version] = out.split(' ');
    if (!bin || Number(version?.split('.')[0]) !== WANTED_MAJOR) throw new Error(`unexpected answer: ${out}`);
    return bin;
  } catch (err) {
    // CI must prove Node 24; a developer without the registry still gets a run, and is told so.
    if (process.env.CI === 'true') throw err;
    process.stderr.write(
      `node-lts: could not fetch Node ${WANTED_MAJOR} (${err.message}); using this Node (${process.version}).\n`,
    );
    return process.execPath;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${nodeLtsBinary()}\n`);
