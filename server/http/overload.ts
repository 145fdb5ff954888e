import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** The API's usual body limit (app.ts passes it to Fastify); only import uploads may send more. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export type OverloadLimits = {
  /** Requests served at once; the rest wait for a slot (ADR 0021). */
  maxConcurrent: number;
  /** How long a request may wait for a slot before it is answered 503 `overloaded`. */
  queueMs: number;
  /** A request's time budget, from arrival (a large upload's: once its body is in) to the first byte of its answer. */
  timeoutMs: number;
};

/** What a timed-out request is told to wait before retrying: the work it queued behind is still draining. */
export const TIMEOUT_RETRY_AFTER_SECONDS = 5;

/**
 * Paths whose work is the database's and the embedder's: the ones that queue under load. The
 * web app's files, `/.well-known/` metadata and the health check are never shed: a load balancer
 * must see the process alive, and a page that loads can show the 503's message.
 */
const SHED = /^\/(api\/|mcp(\/|\?|$)|oauth\/)/;
const NEVER_SHED = /^\/api\/health(\/|\?|$)/;

/**
 * Bounded queueing and a per-request deadline. Without them, above capacity every request waits
 * its turn on the database (PGlite is one connection) until clients give up, and each answer
 * comes after its client left; with them, a request that would wait past `queueMs` is refused at
 * once with `503 overloaded` and a Retry-After, and one that runs past `timeoutMs` is answered
 * `503 request_timeout`, so the server keeps answering quickly and recovers as soon as the burst ends.
 *
 * Only HTTP requests hold slots: the import runner and the embedding worker run beside them, not
 * through them, so a long import cannot use up interactive requests' slots (it slows them only
 * by the database time it takes, which the chunked job bounds).
 */
export function registerOverloadProtection(app: FastifyInstance, limits: OverloadLimits) {
  const gate = createAdmissionGate(limits);
  const releases = new WeakMap<FastifyRequest, () => void>();
  const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();

  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const timer = setTimeout(() => {
      timeOut(request, reply, limits.timeoutMs);
      abortWork(request, 'request_timeout');
    }, limits.timeoutMs);
    timer.unref();
    deadlines.set(request, timer);
    const url = request.raw.url ?? request.url;
    if (!SHED.test(url) || NEVER_SHED.test(url)) return;
    const release = await gate.enter(reply.raw);
    releases.set(request, release);
    // A client that hangs up mid-answer may never reach onResponse; 'close' comes either way.
    reply.raw.once('close', release);
  };

  // On arrival, before any authentication hook reads the database (/mcp authenticates in its
  // onRequest). A large upload (an import file) is admitted once its body is in instead, so a
  // slow link neither holds a slot nor spends the budget while sending (Node's requestTimeout
  // bounds that part). The budget includes the wait for a slot; a response that has begun (an
  // export, an MCP stream) is not cut: it is no longer waiting.
  app.addHook('onRequest', async (request, reply) => {
    if (!isLargeUpload(request)) await admit(request, reply);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (isLargeUpload(request)) await admit(request, reply);
  });

  const finish = (request: FastifyRequest) => {
    clearTimeout(deadlines.get(request));
    deadlines.delete(request);
    releases.get(request)?.();
    releases.delete(request);
  };
  // The slot is given back when the answer starts, not when it ends: a stream that stays open
  // (an MCP subscription, a large export) is no longer waiting for its turn, and must not keep
  // sixteen such streams from locking everyone else out.
  app.addHook('onSend', async (request, _reply, payload) => {
    finish(request);
    return payload;
  });
  app.addHook('onResponse', async (request) => finish(request));
  app.addHook('onRequestAbort', async (request) => {
    finish(request);
    abortWork(request, 'client_gone');
  });

  return gate;
}

const controllers = new WeakMap<FastifyRequest, AbortController>();

/**
 * Aborted when the request is answered `503 request_timeout` or its client hangs up: a handler
 * passes it to the service, which stops at its next step (no further database statement, the
 * embedding call cancelled) instead of working on for an answer nobody will read (issue 26).
 */
export function requestSignal(request: FastifyRequest): AbortSignal {
  let controller = controllers.get(request);
  if (!controller) {
    controller = new AbortController();
    controllers.set(request, controller);
  }
  return controller.signal;
}

function abortWork(request: FastifyRequest, reason: string) {
  controllers.get(request)?.abort(new Error(`request abandoned: ${reason}`));
}

/** A body over the API's usual 1 MiB, or of unknown length: only import uploads are allowed that. */
function isLargeUpload(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > BODY_LIMIT_BYTES;
  return request.headers['transfer-encoding'] !== undefined;
}

function timeOut(request: FastifyRequest, reply: FastifyReply, timeoutMs: number) {
  if (reply.sent || reply.raw.headersSent) return;
  request.log.warn({ timeoutMs }, 'request timed out');
  // Through the route's error handler, so /mcp answers JSON-RPC and the API its usual body. The
  // handler still finishes its work; its late answer is dropped by Fastify.
  void reply.send(
    new AppError(
      503,
      'request_timeout',
      `The server could not answer within ${timeoutMs} ms. Try again shortly.`,
      undefined,
      { 'retry-after': String(TIMEOUT_RETRY_AFTER_SECONDS) },
    ),
  );
}

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

/**
 * A counting semaphore with a bounded wait. A new request is refused at once when the queue
 * ahead of it would take longer than `queueMs` to drain at the recent pace (a moving average of
 * how long a request holds its slot), and a waiter still waiting after `queueMs` is refused then:
 * either way the client hears within `queueMs`, never after it gave up. `enter` resolves to the
 * function that gives the slot back.
 */
export function createAdmissionGate(limits: Pick<OverloadLimits, 'maxConcurrent' | 'queueMs'>) {
  let active = 0;
  let shed = 0;
  let averageHoldMs = 0;
  const queue: Waiter[] = [];

  const refuse = (waitMs: number) => {
    shed += 1;
    const retryAfter = Math.min(30, Math.max(1, Math.ceil(waitMs / 1000)));
    return new AppError(503, 'overloaded', 'The server is busy. Try again in a moment.', undefined, {
      'retry-after': String(retryAfter),
    });
  };

  const expectedWaitMs = () => ((queue.length + 1) * averageHoldMs) / limits.maxConcurrent;

  const slot = () => {
    const began = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const held = performance.now() - began;
      averageHoldMs = averageHoldMs === 0 ? held : averageHoldMs * 0.9 + held * 0.1;
      const next = queue.shift();
      // The slot passes straight to the next waiter, so `active` stays the same.
      if (next) next.admit();
      else active -= 1;
    };
  };

  return {
    /** `closed` fires when the client hangs up: a waiter that gave up leaves the queue. */
    async enter(closed: { once(event: 'close', fn: () => void): unknown }): Promise<() => void> {
      if (active < limits.maxConcurrent && queue.length === 0) {
        active += 1;
        return slot();
      }
      const expected = expectedWaitMs();
      if (expected > limits.queueMs) throw refuse(expected);
      await new Promise<void>((resolve, reject) => {
        const leaveQueue = () => {
          const at = queue.indexOf(waiter);
          if (at < 0) return false;
          queue.splice(at, 1);
          clearTimeout(waiter.timer);
          return true;
        };
        const waiter: Waiter = {
          admit: () => {
            clearTimeout(waiter.timer);
            resolve();
          },
          timer: setTimeout(() => {
            if (leaveQueue()) reject(refuse(expectedWaitMs()));
          }, limits.queueMs),
        };
        queue.push(waiter);
        closed.once('close', () => {
          if (leaveQueue()) reject(new AppError(499, 'client_closed', 'The client closed the request'));
        });
      });
      return slot();
    },
    stats: () => ({ active, waiting: queue.length, shed, averageHoldMs }),
  };
}
