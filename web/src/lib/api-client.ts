import { sessionStore } from '../auth/session-store.js';
import { ApiError } from './api-error.js';

type Query = Record<string, string | number | boolean | readonly string[] | null | undefined>;

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Send the session's access token (default true). */
  auth?: boolean;
  /** A file sent as it is (an import upload) instead of a JSON body. */
  file?: Blob;
};

export function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // An empty string is sent: it is a value (`project=` asks for the personal traces only).
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(path: string, opts: ApiOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.file) headers['content-type'] = 'application/octet-stream';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(withQuery(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body: opts.file ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    signal: opts.signal,
    credentials: 'same-origin',
  });
}

export async function toApiError(res: Response): Promise<ApiError> {
  let body: { error?: unknown; code?: unknown; details?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // not JSON: fall through to a generic message
  }
  const message = typeof body.error === 'string' ? body.error : `Request failed (${res.status})`;
  const code = typeof body.code === 'string' ? body.code : 'http_error';
  return new ApiError(res.status, code, message, body.details as ApiError['details']);
}

/**
 * Calls Cairn's API as the signed-in person. A 401 means the access token expired or was revoked:
 * refresh once (serialised across tabs by the session store) and retry; if that fails too, the
 * session is over and the store signs out, which sends the app to /login.
 */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const res = await apiResponse(path, opts);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The same call, answering the raw response: for downloads that are not JSON (an export .zip). */
export async function apiResponse(path: string, opts: ApiOptions = {}): Promise<Response> {
  const useAuth = opts.auth !== false;
  const token = useAuth ? sessionStore.current()?.access_token : undefined;
  let res = await send(path, opts, token);
  if (res.status === 401 && useAuth && token) {
    const renewed = await sessionStore.refresh({ failedToken: token });
    if (renewed) res = await send(path, opts, renewed.access_token);
    if (res.status === 401) sessionStore.clear('SIGNED_OUT');
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}
