import type { LogStream } from './redact.js';

/**
 * Log lines for a person at a terminal (LOG_FORMAT=pretty, the default when stdout is one): pino's
 * JSON line becomes "14:03:07 INFO  POST /api/search 200 12 ms", with an error's stack under it.
 * A collector gets the JSON lines unchanged (LOG_FORMAT=json, the default otherwise). Our own few
 * lines of formatting instead of pino-pretty: one dependency less, and the format is ours to keep.
 */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every line has, or that the message already says: not repeated after it. */
const SAID = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

export function prettyLine(json: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json; // not one of pino's lines: as it came
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toISOString().slice(11, 19);
  const level = LEVELS[entry.level as number] ?? 'LOG  ';
  const paint = (code: number, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  const levelText =
    (entry.level as number) >= 50
      ? paint(31, level)
      : (entry.level as number) >= 40
        ? paint(33, level)
        : paint(2, level);
  const extras = Object.entries(entry)
    .filter(([k]) => !SAID.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const stack = err?.stack
    ? `\n${err.stack.replace(/^/gm, '    ')}`
    : err?.message
      ? ` (${err.message})`
      : '';
  return `${paint(2, time)} ${levelText} ${String(entry.msg ?? '')}${extras.length ? ` ${extras.join(' ')}` : ''}${stack}\n`;
}

export function prettyStream(destination: LogStream, colour = false): LogStream {
  return { write: (line: string) => destination.write(prettyLine(line, colour)) };
}
