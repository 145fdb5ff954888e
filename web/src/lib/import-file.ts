import type { ImportJob } from '../../../contract/account.js';

/** Words for the formats the server detected. */
export const FORMAT_NAMES: Record<ImportJob['format'], string> = {
  cairn: 'Cairn export',
  'mcp-memory': 'MCP memory server (JSONL)',
  mem0: 'mem0 / OpenMemory export',
  'markdown-zip': 'Markdown notes (.zip)',
  text: 'Text, one memory per line',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The preview in one sentence: "12 memories: 9 new, 2 already saved, 1 similar, 0 invalid." */
export function previewSentence(job: Pick<ImportJob, 'preview'>): string {
  const p = job.preview;
  // Entries that are not memories (a vault's attachments) are not counted as memories.
  const skipped = p.skipped ? ` ${plural(p.skipped, 'other file', 'other files')} left out.` : '';
  return `${plural(p.total - p.skipped, 'memory', 'memories')}: ${p.new} new, ${p.duplicates} already saved, ${p.near_duplicates} similar to saved ones, ${p.invalid} invalid.${skipped}`;
}

/** How many the start button will import. */
export function toImport(job: Pick<ImportJob, 'preview'>, skipNearDuplicates: boolean): number {
  return job.preview.new + (skipNearDuplicates ? 0 : job.preview.near_duplicates);
}

/** Progress from 0 to 100 (a job with nothing in it is complete). */
export function progressPercent(job: Pick<ImportJob, 'preview' | 'progress'>): number {
  return job.preview.total ? Math.floor((job.progress.processed / job.preview.total) * 100) : 100;
}

export function reportSentence(job: Pick<ImportJob, 'progress'>): string {
  const g = job.progress;
  const skipped = g.skipped ? `, ${g.skipped} left out` : '';
  return `${g.imported} imported, ${g.duplicates} already saved${skipped}, ${g.failed} could not be imported.`;
}

/** Pasted text travels as a file too: the server reads it like any upload. */
export function pastedFile(text: string): Blob {
  return new Blob([text], { type: 'text/plain' });
}
