import { createInterface } from 'node:readline';

/** Wrong arguments: printed with usage, exit code 64 (EX_USAGE). */
export class CliUsageError extends Error {}

/** A password from a hidden terminal prompt, or the first line of piped standard input. */
export async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const rl = createInterface({ input });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    throw new CliUsageError('No password given: pass --password or pipe it on standard input');
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  let value = '';
  return new Promise<string>((resolve, reject) => {
    const onData = (buf: Buffer) => {
      for (const ch of buf.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          cleanup();
          process.stderr.write('\n');
          return resolve(value);
        }
        if (ch === '\u0003') {
          cleanup();
          return reject(new CliUsageError('Cancelled'));
        }
        if (ch === '\u007f') value = value.slice(0, -1);
        else value += ch;
      }
    };
    const cleanup = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
    };
    input.on('data', onData);
  });
}
