import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long a loop of CPU work on the event loop may run before it lets others in. Timers, I/O
 * and other people's requests only run between macrotasks: awaiting a resolved promise (a
 * microtask) gives them nothing, so a loop that only awaits such promises holds the loop to its end.
 */
export const TURN_BUDGET_MS = 10;

/**
 * A `pause()` to call in every iteration of a long loop: it costs nothing until `budgetMs` of
 * work has passed since the last turn given away, then waits one setImmediate.
 */
export function turnTaker(budgetMs = TURN_BUDGET_MS): { pause(): Promise<void> } {
  let since = performance.now();
  return {
    async pause() {
      if (performance.now() - since < budgetMs) return;
      await nextTurn();
      since = performance.now();
    },
  };
}
