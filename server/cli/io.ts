import { createInterface } from 'node:readline';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Wrong arguments: printed with usage, exit code 64 (EX_USAGE). */
export class CliUsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A command's arguments, with `--help` / `-h` on every command. A wrong option is a usage error
 * (the first sentence of Node's message, then the usage), never a TypeError with a stack trace.
 * `help` is true when the person asked for the usage: the caller prints it and stops.
 */
export function commandArgs<O extends Options>(
  argv: string[],
  options: O,
  usage: string,
  opts: { positionals?: boolean } = {},
) {
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: opts.positionals ?? false,
    });
    return { ...parsed, help: (parsed.values as { help?: boolean }).help === true };
  } catch (err) {
    const message = err instanceof Error ? err.message.split(/\.\s/)[0]!.replace(/\.$/, '') : String(err);
    throw new CliUsageError(`${message}\n\n${usage}`);
  }
}

/** `--help` or `-h` anywhere in a command line. */
export const asksForHelp = (argv: readonly string[]) => argv.includes('--help') || argv.includes('-h');

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
