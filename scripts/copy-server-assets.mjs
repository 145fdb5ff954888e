#!/usr/bin/env node
// tsc emits only JavaScript: the server's other files (SQL migrations, JSON data such as shipped
// client metadata or model files, the built word vectors) are copied beside the compiled code,
// keeping their paths, so `node dist/server/main.js` finds them exactly where the sources do.
import { cpSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ASSET = /\.(sql|json|bin)$/;
const root = path.resolve(import.meta.dirname, '..');

function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const from = path.join(dir, name);
    if (statSync(from).isDirectory()) copyAssets(from);
    else if (ASSET.test(name)) cpSync(from, path.join(root, 'dist', path.relative(root, from)));
  }
}

copyAssets(path.join(root, 'server'));
