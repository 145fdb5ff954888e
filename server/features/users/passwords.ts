import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1): ~20–40 ms here, cheap for people, dear for guessers.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown e-mail costs the same time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(`cairn-dummy-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
}
