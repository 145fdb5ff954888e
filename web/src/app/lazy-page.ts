import { type ComponentType, lazy } from 'react';

/** Spec section 9: a page's code that has not arrived after 120 seconds counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * A page loaded on first visit (code splitting). A chunk that never arrives (flaky network, a
 * deploy that removed old chunks) fails after the timeout, and the route's error screen offers a
 * reload instead of an endless spinner.
 */
export function lazyPage<T extends ComponentType>(load: () => Promise<T>) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('This page took too long to load.')), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      return { default: await Promise.race([load(), timeout]) };
    } finally {
      clearTimeout(timer);
    }
  });
}
