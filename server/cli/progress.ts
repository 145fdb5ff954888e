/** A progress bar on a terminal (stderr), a line every 5 % otherwise (logs, CI). */
export function progressBar(
  total: number,
  label: string,
): { update(done: number, failed: number): void; end(): void } {
  const tty = process.stderr.isTTY === true;
  const started = Date.now();
  let lastStep = -1;
  return {
    update(done, failed) {
      const share = total ? Math.min(1, done / total) : 1;
      const rate = done / Math.max(0.001, (Date.now() - started) / 1000);
      const tail = `${done}/${total} (${rate.toFixed(1)}/s${failed ? `, ${failed} failed` : ''})`;
      if (tty) {
        const width = 30;
        const filled = Math.round(share * width);
        process.stderr.write(
          `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(share * 100)}% ${tail}  `,
        );
      } else if (Math.floor(share * 20) > lastStep) {
        lastStep = Math.floor(share * 20);
        process.stderr.write(`${label}: ${Math.floor(share * 100)}% ${tail}\n`);
      }
    },
    end() {
      if (tty) process.stderr.write('\n');
    },
  };
}
