import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds every memory, password hash and the secret key: only its owner may read it,
 * whatever umask the process was started with (PGlite's new cluster comes out of its archive
 * 0666). The process umask becomes 077, so every file created through open() from now on is 0600
 * and every directory 0700; what is already there (an older version's files, PGlite's unpacked
 * cluster) is tightened when the database opens. See ADR 0021.
 */
export function secureDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
}

function tighten(root: string): void {
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop()!;
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile() && (lstatSync(full).mode & 0o077) !== 0) chmodSync(full, 0o600);
      // Symbolic links and sockets are left as they are: chmod would follow a link out of DATA_DIR.
    }
  }
}
