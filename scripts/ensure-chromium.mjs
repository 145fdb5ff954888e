#!/usr/bin/env node
// The end-to-end tests drive a system Chromium (browser downloads are impossible on our machines).
// Uses CHROMIUM_PATH when set; otherwise /usr/bin/chromium, installing Debian's package when it
// is missing and we are root. Prints the path to use on its last line.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT = '/usr/bin/chromium';

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const wanted = process.env.CHROMIUM_PATH;
if (wanted) {
  if (!executable(wanted)) {
    process.stderr.write(`ensure-chromium: CHROMIUM_PATH=${wanted} is not an executable file.\n`);
    process.exit(1);
  }
  process.stdout.write(`${wanted}\n`);
  process.exit(0);
}
if (!executable(DEFAULT)) {
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `ensure-chromium: ${DEFAULT} is missing and installing it needs root.\n` +
        'Install Chromium (Debian: apt-get install -y chromium), or set CHROMIUM_PATH to a Chromium or\n' +
        'Chrome binary, then run the tests again.\n',
    );
    process.exit(1);
  }
  process.stdout.write('ensure-chromium: installing Debian’s chromium package (about 35 s)…\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
}
process.stdout.write(`${DEFAULT}\n`);
