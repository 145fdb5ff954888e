import type { Random } from './random.js';

/** A JSON Schema as /api/openapi.json and MCP's tools/list give it (the parts the fuzzer reads). */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
};

/** Values that have broken servers before: wrong types, edges of ranges, hostile text. */
export const HOSTILE: readonly unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x'.repeat(70_000),
  '🦀'.repeat(3_000),
  '\u202Eevil\u202C',
  'e\u0301\u200B\uFEFF',
  "' OR 1=1 --",
  '"; DROP TABLE traces; --',
  '../../../../etc/passwd',
  '%00%ff%',
  '<script>alert(1)</script>',
  '\r\nSet-Cookie: x=1',
  '{{7*7}}${7*7}',
  '9'.repeat(400),
  '-1',
  'NaN',
  'null',
  '2026-13-45T25:61:61Z',
  'ffffffff-ffff-ffff-ffff-fffffffffffff',
  '00000000-0000-0000-0000-000000000000',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  -1,
  0,
  1.5,
  -1e308,
  1e308,
  2 ** 53 + 1,
  -(2 ** 31),
  true,
  false,
  null,
  [],
  {},
  [null],
  ['\u0000'],
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
  Array.from({ length: 2_000 }, (_, i) => `tag${i}`),
  nested(500),
];

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** A string that is hostile but text, for places that only carry strings (paths, queries, forms). */
export function hostileText(r: Random): string {
  const v = r.pick(HOSTILE);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A value of roughly the schema's shape, so requests get past the first check and deeper in. */
export function plausible(
  schema: Schema | undefined,
  r: Random,
  resolve: (ref: string) => Schema,
  depth = 0,
): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.$ref) return plausible(resolve(schema.$ref), r, resolve, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return r.pick(schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return plausible(r.pick(union), r, resolve, depth + 1);
  if (schema.allOf?.length) return plausible(schema.allOf[0], r, resolve, depth + 1);
  const type = Array.isArray(schema.type) ? r.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || r.chance(0.6))
          out[key] = plausible(prop, r, resolve, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: r.int(3) }, () => plausible(schema.items, r, resolve, depth + 1));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 100;
      const n = min + r.next() * (Math.min(max, min + 1000) - min);
      return type === 'integer' ? Math.floor(n) : n;
    }
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    case 'string':
      if (schema.format === 'uuid') return crypto.randomUUID();
      if (schema.format === 'uri') return 'https://example.com/callback';
      if (schema.format === 'email') return `fuzz${r.int(1e6)}@example.com`;
      return 'fuzz text '
        .repeat(1 + r.int(3))
        .slice(0, Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 30, 30)));
    default:
      return 'x';
  }
}

/**
 * One way to spoil a valid value: a field replaced by a hostile value, dropped, or joined by an
 * unknown one, or the whole thing replaced.
 */
export function mutate(value: unknown, r: Random): unknown {
  if (value === null || typeof value !== 'object' || r.chance(0.15)) return r.pick(HOSTILE);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  const keys = Object.keys(copy);
  const how = r.int(4);
  if (keys.length === 0 || how === 3) {
    (copy as Record<string, unknown>)[r.pick(['extra', '__proto__', 'constructor', 'user_id', 'id'])] =
      r.pick(HOSTILE);
    return copy;
  }
  const key = r.pick(keys);
  const target = copy as Record<string, unknown>;
  if (how === 0) target[key] = r.pick(HOSTILE);
  else if (how === 1) delete target[key];
  else target[key] = mutate(target[key], r);
  return copy;
}
