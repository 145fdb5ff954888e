/**
 * A seeded generator (mulberry32): the same seed gives the same requests, so a failure found in
 * CI is replayed with `FUZZ_SEED=<seed printed by the run> npx vitest run tests/fuzz`.
 */
export type Random = {
  readonly seed: number;
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

export function seedFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FUZZ_SEED;
  if (raw !== undefined && raw !== '') {
    const seed = Number(raw);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
      throw new Error(`FUZZ_SEED must be an integer from 0 to ${0xffffffff}, not "${raw}"`);
    return seed;
  }
  return Math.floor(Math.random() * 0xffffffff);
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  return {
    seed,
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(items.length)]!,
    chance: (p: number) => next() < p,
  };
}
