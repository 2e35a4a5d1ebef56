import type { RouteDef } from '@waymark/core';
import type { InjectOptions } from 'fastify';
import type { MatrixRequest } from './access-matrix';
import { toQueryString } from './query-string';

/** One hostile call of a route. */
export type HostileCase = {
  /** What the case sends, for failure messages. */
  label: string;
  request: InjectOptions;
  /**
   * False when the URL itself is refused before routing (too long a segment, broken
   * percent-encoding), so no route hook, not even authentication, runs.
   */
  isRouted: boolean;
};

/** What the battery knows about one route. */
export type HostileTarget = {
  method: string;
  /** As registered, `:param` syntax. */
  path: string;
  /** The core route row, when the route is one of ours (Swagger UI's routes have none). */
  def: RouteDef | undefined;
  /** A well-formed call with the caller's own ids (empty when the matrix has no row). */
  valid: MatrixRequest;
  /** The same call with another organization's ids. */
  foreign: MatrixRequest;
};

const LONGEST_ID = 2_147_483_647;
const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });

/** URL segments (already percent-encoded) no id parameter accepts, or that name nothing. */
const HOSTILE_SEGMENTS: readonly { value: string; isRouted: boolean }[] = [
  ...['abc', '-1', '0', '99999999999', '2147483648', String(LONGEST_ID), '1.5', '1e3', '0x1f']
    .concat(['%00', '1%00', '%20', '1%20or%201%3D1', encodeURIComponent('ünïcødé✓😀')])
    .concat(['..%2F..%2Fetc%2Fpasswd', 'x'.repeat(90)])
    .map((value) => ({ value, isRouted: true })),
  { value: 'x'.repeat(5_000), isRouted: false },
  { value: '%E0%A4%A', isRouted: false },
];

/** JSON values of the wrong type, or of the right type and hostile content, for any field. */
const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  99_999_999_999,
  LONGEST_ID + 1,
  LONGEST_ID,
  1e308,
  '1',
  'abc',
  '',
  [],
  [1],
  ['a\u0000b'],
  {},
  { $gt: 0 },
  'a\u0000b',
  '\u0000',
  '\ud800',
  'ünïcødé✓😀'.repeat(20),
  'x'.repeat(100_000),
  nested(200),
];

/** Raw bodies sent as JSON whatever the route expects. */
const RAW_JSON_BODIES: readonly string[] = [
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{}',
  '{',
  '{"a":1}}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":"${'x'.repeat(2_000_000)}"}`,
];

/** Bodies of other content types. */
const OTHER_BODIES: readonly { contentType: string; payload: string }[] = [
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'orgId=1&orgName=x' },
  { contentType: 'application/xml', payload: '<a>1</a>' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
];

/** Broken Authorization headers: each must be 401 on a non-public route. */
export const BROKEN_AUTHORIZATIONS: readonly string[] = [
  'Bearer',
  'Bearer ',
  'Bearer a.b.c',
  'Basic dXNlcjpwYXNz',
  `Bearer ${'x'.repeat(10_000)}`,
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
];

/** The field names of a route's JSON body: the keys of its (unwrapped) `z.object` shape. */
export function bodyFields(schema: unknown): string[] {
  let current = schema as { _zod?: { def: ZodDefLike } } | undefined;
  for (let depth = 0; depth < 10 && current?._zod; depth++) {
    const def = current._zod.def;
    if (def.type === 'object' && def.shape) return Object.keys(def.shape);
    current = (def.innerType ?? def.in) as typeof current;
  }
  return [];
}

type ZodDefLike = { type: string; shape?: object; innerType?: unknown; in?: unknown };

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z0-9_]+)|\*/g, (segment, name?: string) => {
    return params[name ?? '*'] ?? segment;
  });
}

function encodeParams(params: MatrixRequest['params']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([key, value]) => [key, encodeURIComponent(String(value))]),
  );
}

/** Every hostile case for `target`: its URL, query string and body, one thing wrong at a time. */
export function hostileCases(target: HostileTarget): HostileCase[] {
  const cases: HostileCase[] = [];
  const method = target.method as InjectOptions['method'];
  const params = encodeParams(target.valid.params);
  const names = [...target.path.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
  const query = toQueryString(target.valid.query);
  const url = `${fillPath(target.path, params)}${query ? `?${query}` : ''}`;
  const body = target.valid.body;
  const withBody = (payload: unknown) =>
    (body === undefined && payload === undefined ? {} : { payload }) as Partial<InjectOptions>;
  const add = (label: string, request: Partial<InjectOptions>, isRouted = true) =>
    cases.push({ label, request: { method, url, ...withBody(body), ...request }, isRouted });

  for (const name of names) {
    const foreign = encodeParams(target.foreign.params)[name];
    const segments = [
      ...HOSTILE_SEGMENTS,
      ...(foreign ? [{ value: foreign, isRouted: true }] : []),
    ];
    for (const { value, isRouted } of segments) {
      const path = fillPath(target.path, { ...params, [name]: value });
      add(
        `param ${name}=${value.slice(0, 40)}`,
        { url: `${path}${query ? `?${query}` : ''}` },
        isRouted,
      );
    }
  }

  const queryKeys = [...Object.keys(target.valid.query ?? {}), 'extra'];
  const bare = fillPath(target.path, params);
  for (const key of queryKeys) {
    for (const suffix of [
      `${key}=1&${key}=2`,
      `${key}[]=1`,
      `${key}=%00`,
      `${key}=`,
      `${key}=99999999999`,
    ]) {
      const rest = toQueryString(
        Object.fromEntries(Object.entries(target.valid.query ?? {}).filter(([k]) => k !== key)),
      );
      add(`query ${suffix}`, { url: `${bare}?${[rest, suffix].filter(Boolean).join('&')}` });
    }
  }

  if (target.method === 'GET') {
    add('GET with a JSON body', {
      payload: '{"orgId":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    return cases;
  }
  for (const raw of RAW_JSON_BODIES)
    add(`JSON body ${raw.slice(0, 40)}`, {
      payload: raw,
      headers: { 'content-type': 'application/json' },
    });
  for (const { contentType, payload } of OTHER_BODIES)
    add(`${contentType} body`, { payload, headers: { 'content-type': contentType } });
  add('no body', { payload: undefined });

  const fields = [...new Set([...bodyFields(target.def?.body), ...Object.keys(asObject(body))])];
  for (const value of HOSTILE_VALUES) {
    const label = JSON.stringify(value)?.slice(0, 40) ?? String(value);
    if (fields.length > 0)
      add(`every field = ${label}`, { payload: Object.fromEntries(fields.map((f) => [f, value])) });
    for (const field of fields)
      add(`${field} = ${label}`, { payload: { ...asObject(body), [field]: value } });
  }
  // Text nested in objects and arrays (a pin's selectors and label) is refused like any field.
  for (const [where, leaf] of textLeaves(body))
    for (const value of ['a\u0000b', 'a\ud800b'])
      add(`${where} = ${JSON.stringify(value)}`, {
        payload: replaceLeaf(body, leaf, value) as Record<string, unknown>,
      });
  const foreignBody = asObject(target.foreign.body);
  for (const field of fields.filter(
    (f) => foreignBody[f] !== asObject(body)[f] && f in foreignBody,
  ))
    add(`${field} of another organization`, {
      payload: { ...asObject(body), [field]: foreignBody[field] },
    });
  return cases;
}

type LeafPath = readonly (string | number)[];

/** Every string below the body's top level, with its path (`selectors.0.value`). */
function textLeaves(body: unknown): [string, LeafPath][] {
  const leaves: [string, LeafPath][] = [];
  const walk = (value: unknown, path: LeafPath) => {
    if (typeof value === 'string' && path.length > 1) leaves.push([path.join('.'), path]);
    else if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value))
      for (const [key, child] of Object.entries(value))
        walk(child, [...path, Array.isArray(value) ? Number(key) : key]);
  };
  walk(body, []);
  return leaves;
}

/** A deep copy of `body` with the string at `path` replaced by `value`. */
function replaceLeaf(body: unknown, path: LeafPath, value: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(body))
    return (body as unknown[]).map((child, i) =>
      i === head ? replaceLeaf(child, rest, value) : child,
    );
  const record = asObject(body);
  return { ...record, [head]: replaceLeaf(record[head], rest, value) };
}

// A raw payload (a multipart upload's bytes) has no fields: its byte indexes are not keys.
function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)
    ? (value as Record<string, unknown>)
    : {};
}
