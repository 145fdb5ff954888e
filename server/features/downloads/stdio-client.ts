import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The file `npm run build` writes (scripts/pack-mcp-stdio.mjs) and the path it is served at. */
export const STDIO_CLIENT_FILE = 'cairn-mcp.tgz';
export const STDIO_CLIENT_PATH = `/downloads/${STDIO_CLIENT_FILE}`;

/** dist/downloads at the repository root, from the sources (tsx) and from the build alike. */
export const DEFAULT_DOWNLOADS_DIR = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/') ? '../../../downloads/' : '../../../dist/downloads/',
    import.meta.url,
  ),
);

export type StdioClientDownload = { file: string; bytes: Buffer; sha256: string };

/**
 * Reads the packed stdio client once at start. The checksum is computed here, from the bytes we
 * serve, not read from a side file: what the page pins is exactly what the download delivers.
 * Null when the server runs unbuilt (`npm run dev` before any build): the page then says so.
 */
export function loadStdioClient(dir: string = DEFAULT_DOWNLOADS_DIR): StdioClientDownload | null {
  const file = path.join(dir, STDIO_CLIENT_FILE);
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  return { file, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
