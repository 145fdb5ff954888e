// Real: the shutdown sequence main.ts runs on SIGTERM, with steps that stand for app.close() and
// the database. Nothing else is involved, so a hung step can be simulated exactly.
import { describe, expect, it } from 'vitest';
import { shutDown } from './shutdown.js';

const never = () => new Promise<void>(() => {});

describe('graceful shutdown', () => {
  it('drains, closes the database and releases the lock, in that order', async () => {
    const order: string[] = [];
    const finished = await shutDown({
      drain: async () => void order.push('drain'),
      cut: () => order.push('cut'),
      closeDb: async () => void order.push('closeDb'),
      release: () => order.push('release'),
    });
    expect(finished).toBe(true);
    expect(order).toEqual(['drain', 'closeDb', 'release']);
  });

  it('stops waiting at its bound for a request that never ends, cuts connections and still releases', async () => {
    const order: string[] = [];
    const started = Date.now();
    const finished = await shutDown(
      { drain: never, cut: () => order.push('cut'), closeDb: never, release: () => order.push('release') },
      300,
    );
    expect(finished).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(order).toEqual(['cut', 'release']);
  });

  it('bounds a database that does not close, too', async () => {
    const finished = await shutDown(
      { drain: async () => {}, cut: () => {}, closeDb: never, release: () => {} },
      200,
    );
    expect(finished).toBe(false);
  });

  it('releases the lock when a step fails', async () => {
    let released = false;
    await expect(
      shutDown({
        drain: () => Promise.reject(new Error('boom')),
        cut: () => {},
        closeDb: async () => {},
        release: () => (released = true),
      }),
    ).rejects.toThrow('boom');
    expect(released).toBe(true);
  });
});
