import type { CliContext } from './context.js';
import { commandArgs } from './io.js';

export const REINDEX_USAGE = `Usage:
  npm run cairn -- reindex [--all]

Computes the vectors semantic search needs: queues every active trace without a vector from the
configured model (EMBEDDINGS_* settings; --all: every active trace), then embeds the queue here,
with progress on stderr. The queue is kept in the database, so Ctrl-C and running it again picks
up where it stopped. The server does the same in the background on start-up; this is the way to
do it in one go, with the server stopped.`;

/** A progress bar on a terminal, a line every 5 % otherwise (logs, CI). */
function progress(total: number): { update(done: number, failed: number): void; end(): void } {
  const tty = process.stderr.isTTY === true;
  const started = Date.now();
  let lastStep = -1;
  return {
    update(done, failed) {
      const share = total ? Math.min(1, done / total) : 1;
      const rate = done / Math.max(0.001, (Date.now() - started) / 1000);
      const tail = `${done}/${total} (${rate.toFixed(1)}/s${failed ? `, ${failed} failed, retried later` : ''})`;
      if (tty) {
        const width = 30;
        const filled = Math.round(share * width);
        process.stderr.write(
          `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(share * 100)}% ${tail}  `,
        );
      } else if (Math.floor(share * 20) > lastStep) {
        lastStep = Math.floor(share * 20);
        process.stderr.write(`reindex: ${Math.floor(share * 100)}% ${tail}\n`);
      }
    },
    end() {
      if (tty) process.stderr.write('\n');
    },
  };
}

/** `cairn reindex [--all]`: (re)embeds traces for the configured model, resumably. */
export async function runReindexCommand(
  argv: string[],
  ctx: () => Promise<CliContext>,
  out: (line: string) => void,
): Promise<void> {
  const { values, help } = commandArgs(argv, { all: { type: 'boolean' } }, REINDEX_USAGE);
  if (help) return out(REINDEX_USAGE);
  const all = values.all;
  const { services } = await ctx();
  const worker = services.embeddingWorker;
  const model = services.embedder.modelId;
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  try {
    const queuedNow = await worker.enqueueMissing({ all: all ?? false });
    const { queued } = await worker.counts();
    out(`Model ${model}: queued ${queuedNow} trace(s); ${queued} in the queue in all.`);
    const bar = progress(queued);
    let done = 0;
    let failed = 0;
    bar.update(0, 0);
    await worker.drain((r) => {
      done += r.embedded;
      failed += r.failed;
      bar.update(done + failed, failed);
    }, stop.signal);
    bar.end();
    const left = await worker.counts();
    if (stop.signal.aborted) {
      out(`Stopped: ${done} embedded, ${left.queued} still queued. Run it again to continue.`);
      process.exitCode = 130;
      return;
    }
    out(
      left.queued
        ? `Embedded ${done} trace(s). ${left.queued} could not be embedded yet (${left.failing} failing; see the errors above); they stay queued and are retried with backoff, also by the server.`
        : `Embedded ${done} trace(s). Every active trace has a vector from ${model}.`,
    );
    if (left.queued) process.exitCode = 1;
  } finally {
    process.off('SIGINT', onSignal);
    await services.embedder.close();
  }
}
