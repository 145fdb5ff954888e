import type { FastifyInstance } from 'fastify';
import type { ApiKey, CreatedApiKey } from '../../contract/api-keys.js';
import type { RegistrationStatus, SessionResponse } from '../../contract/auth.js';
import type { ErrorBody } from '../../contract/errors.js';
import type { TraceVersionList } from '../../contract/history.js';
import type { SessionInfo, SignOutOthersResponse } from '../../contract/sessions.js';
import type { CreateTraceResponse, StatsResponse, Trace, TraceListResponse } from '../../contract/traces.js';

/** Anything that signs a request in: a session, an API key or an OAuth access token. */
export type Credential = { token: string };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * The answer's body type for the routes tests call most, from the contract; other routes read as
 * loosely as `inject().json()` does. Error fields are optional on every answer, so a test can
 * check `res.json.code` on a refusal without a cast.
 */
// prettier-ignore
type KnownJson<K extends string> =
  K extends 'GET /api/auth/session' ? { user: SessionResponse['user'] } :
  K extends 'POST /api/auth/login' | 'POST /api/auth/refresh' | 'POST /api/auth/setup' ? SessionResponse :
  K extends 'GET /api/auth/status' ? RegistrationStatus :
  K extends 'GET /api/api-keys' ? ApiKey[] :
  K extends `PATCH /api/api-keys/${string}` ? ApiKey :
  K extends 'GET /api/sessions' ? SessionInfo[] :
  K extends 'POST /api/sessions/sign-out-others' ? SignOutOthersResponse :
  K extends 'POST /api/api-keys' ? CreatedApiKey :
  K extends 'POST /api/traces' ? CreateTraceResponse :
  K extends 'GET /api/traces' | `GET /api/traces?${string}` ? TraceListResponse :
  K extends `POST /api/traces/${string}/restore` ? Trace :
  K extends `GET /api/traces/${string}/versions` ? TraceVersionList :
  K extends `GET /api/traces/${string}` | `PATCH /api/traces/${string}` ? Trace :
  K extends 'GET /api/stats' ? StatsResponse :
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- unlisted routes read like inject().json()
  any;

export type TestResponse<T> = {
  status: number;
  json: T & Partial<ErrorBody>;
  /** The raw body, for answers that are not JSON. */
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  /** Cookies the answer set, by name. */
  cookies: Record<string, string>;
};

export type RequestOptions = {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** A raw body (string) instead of JSON, e.g. malformed JSON on purpose. */
  rawBody?: string;
};

export type TestClient = {
  get<P extends string>(path: P, opts?: RequestOptions): Promise<TestResponse<KnownJson<`GET ${P}`>>>;
  post<P extends string>(
    path: P,
    body?: unknown,
    opts?: RequestOptions,
  ): Promise<TestResponse<KnownJson<`POST ${P}`>>>;
  patch<P extends string>(
    path: P,
    body?: unknown,
    opts?: RequestOptions,
  ): Promise<TestResponse<KnownJson<`PATCH ${P}`>>>;
  put<P extends string>(
    path: P,
    body?: unknown,
    opts?: RequestOptions,
  ): Promise<TestResponse<KnownJson<`PUT ${P}`>>>;
  delete<P extends string>(path: P, opts?: RequestOptions): Promise<TestResponse<KnownJson<`DELETE ${P}`>>>;
};

/**
 * A client that sends every request as `credential` (or as nobody, for null) through
 * `app.inject()`: the full request path (hooks, authentication, validation, serialisation)
 * without a socket, so it works whether or not the app listens.
 */
export function clientFor(app: FastifyInstance, credential: Credential | null): TestClient {
  const send = async (method: Method, url: string, body: unknown, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = {
      ...(credential ? { authorization: `Bearer ${credential.token}` } : {}),
      ...opts.headers,
    };
    let payload: string | undefined;
    if (opts.rawBody !== undefined) {
      payload = opts.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(opts.cookies ? { cookies: opts.cookies } : {}),
    });
    let json: unknown = undefined;
    if (res.body) {
      try {
        json = JSON.parse(res.body);
      } catch {
        // not JSON (HTML, a redirect, an empty 204): the test reads `body`
      }
    }
    return {
      status: res.statusCode,
      // Typed by the caller's route through KnownJson; the server's own serialiser made it.
      json: json as never,
      body: res.body,
      headers: res.headers,
      cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])),
    };
  };
  return {
    get: (path, opts) => send('GET', path, undefined, opts),
    post: (path, body, opts) => send('POST', path, body, opts),
    patch: (path, body, opts) => send('PATCH', path, body, opts),
    put: (path, body, opts) => send('PUT', path, body, opts),
    delete: (path, opts) => send('DELETE', path, undefined, opts),
  };
}
