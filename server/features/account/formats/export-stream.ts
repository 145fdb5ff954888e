import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportedTrace,
  exportedTrace,
} from '../../../../contract/account.js';
import { traceToNote } from './markdown-notes.js';
import { traceToEntity } from './mcp-memory.js';
import { writeZip } from './zip.js';

type Trace = ExportedTrace;

/**
 * Cairn's JSON export, written as it is read: the envelope, then one trace per line. The result
 * is the same document the non-streamed export produced, so older importers still read it.
 */
export async function* cairnJson(
  account: { email: string; created_at: string },
  traces: AsyncIterable<Trace>,
): AsyncGenerator<string> {
  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    account,
  };
  yield `${JSON.stringify(head).slice(0, -1)},"traces":[`;
  let first = true;
  for await (const t of traces) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(exportedTrace(t))}`;
    first = false;
  }
  yield '\n]}\n';
}

/** The MCP memory server's knowledge-graph file: one entity per line. */
export async function* mcpMemoryJsonl(traces: AsyncIterable<Trace>): AsyncGenerator<string> {
  for await (const t of traces) yield `${JSON.stringify(traceToEntity(t))}\n`;
}

/**
 * A .zip of Obsidian-ready notes, one per trace, in a top folder named for the export; a
 * project's notes in a folder of their own inside it (the import reads the folder back as the
 * project, and the note's `project:` exactly).
 */
export function markdownZip(folder: string, traces: AsyncIterable<Trace>): AsyncGenerator<Buffer> {
  return writeZip(
    (async function* () {
      for await (const t of traces) {
        const note = traceToNote(t);
        yield {
          name: `${folder}/${note.folder ? `${note.folder}/` : ''}${note.name}`,
          data: Buffer.from(note.text, 'utf8'),
          modified: new Date(t.updated_at),
        };
      }
    })(),
  );
}
