/**
 * Reads the traces out of a file chosen for import: a Cairn export ({traces: [...]}) or a bare
 * JSON array of {content, ...}. Says plainly what is wrong with anything else.
 */
export function tracesFromImportFile(text: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('This file is not JSON. Choose a Cairn export (.json).');
  }
  const traces = Array.isArray(data) ? data : (data as { traces?: unknown } | null)?.traces;
  if (!Array.isArray(traces)) throw new Error('This file has no traces. Choose a Cairn export (.json).');
  if (traces.length === 0) throw new Error('This file has no traces to import.');
  const version = (data as { version?: unknown }).version;
  if (!Array.isArray(data) && version !== undefined && version !== 1)
    throw new Error(`This export is version ${String(version)}; this Cairn reads version 1.`);
  return traces;
}
