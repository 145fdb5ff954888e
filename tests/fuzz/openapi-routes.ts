import type { FastifyInstance } from 'fastify';
import type { Schema } from './values.js';

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
};

/** One operation of /api/openapi.json: the fuzzer and the isolation matrix walk all of them. */
export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As documented, with `{name}` placeholders. */
  path: string;
  authenticated: boolean;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: Schema | undefined;
};

type Operation = {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Every documented operation, read from the running app's own /api/openapi.json. */
export async function documentedRoutes(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`/api/openapi.json answered ${res.statusCode}`);
  const doc = res.json() as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const schemas = doc.components?.schemas ?? {};
  const resolve = (ref: string): Schema => {
    const name = ref.replace('#/components/schemas/', '');
    const found = schemas[name];
    if (!found) throw new Error(`openapi.json refers to a missing schema ${ref}`);
    return found;
  };
  const routes: Route[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = op.requestBody?.content;
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path,
        authenticated: (op.security?.length ?? 0) > 0,
        parameters: op.parameters ?? [],
        body: content?.['application/json']?.schema,
      });
    }
  }
  return { routes, resolve };
}

/** The path with each `{name}` replaced by `value(name)`, URL-encoded. */
export function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const raw = value(name);
    try {
      return encodeURIComponent(raw);
    } catch {
      // A lone surrogate has no UTF-8 form: send the bytes a careless client would.
      return '%ED%A0%80';
    }
  });
}

export const pathParameters = (path: string): string[] =>
  [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
