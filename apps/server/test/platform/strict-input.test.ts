/**
 * Issue 9 "loose ids": every JSON body field of every route, sent one at a time in a form that
 * coercion or a lenient decoder would accept, must be a 400 that changes nothing. Ids are JSON
 * integers only ("12", "0x10", "1e3" refused); text with a lone UTF-16 surrogate is refused
 * instead of being stored as U+FFFD. Routes come from `app.apiRoutes`, so a new route is covered.
 */
import { routes, type RouteDef } from '@waymark/core';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACCESS_MATRIX } from '../support/access-matrix';
import { snapshotDatabase, toInject, useMatrixApp } from '../support/matrix-world';

const app = useMatrixApp('Org under test');

const key = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase()}`;
const DEFS = new Map<string, RouteDef>(
  Object.values(routes).map((def: RouteDef) => [key(def.method, def.path), def]),
);

/** A well-formed call of every route with a JSON object body, from the access matrix. */
function bodyCalls(): { label: string; call: InjectOptions; body: Record<string, unknown> }[] {
  return ACCESS_MATRIX.filter((row) => DEFS.get(key(row.method, row.path))?.body)
    .map((row) => ({ row, call: toInject(row, app.ids) }))
    .filter(({ call }) => typeof call.payload === 'object' && call.payload !== null)
    .map(({ row, call }) => ({
      label: `${row.method} ${row.path}`,
      call,
      body: call.payload as Record<string, unknown>,
    }));
}

/** Variants of one body: each field replaced by a loose spelling of its valid value. */
function looseVariants(body: Record<string, unknown>): [string, Record<string, unknown>][] {
  const variants: [string, Record<string, unknown>][] = [];
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === 'number')
      for (const loose of [String(value), `0x${value.toString(16)}`, `${value}e0`, value + 0.5])
        variants.push([`${field}=${JSON.stringify(loose)}`, { ...body, [field]: loose }]);
    if (typeof value === 'string')
      variants.push([`${field} with a lone surrogate`, { ...body, [field]: `${value}\ud800` }]);
  }
  return variants;
}

describe('strict JSON input on every route', () => {
  it('refuses loose ids and ill-formed text with 400 and changes nothing', async () => {
    const { t, admin } = app;
    const defects: string[] = [];
    let count = 0;
    for (const { label, call, body } of bodyCalls()) {
      for (const [variant, payload] of looseVariants(body)) {
        const before = await snapshotDatabase(t.db);
        const response = await t.call(admin, { ...call, payload });
        count++;
        if (response.statusCode !== 400)
          defects.push(
            `${label} ${variant}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        else if (JSON.stringify(await snapshotDatabase(t.db)) !== JSON.stringify(before))
          defects.push(`${label} ${variant}: changed the database`);
      }
    }
    expect(defects).toEqual([]);
    expect(count).toBeGreaterThan(50);
  });
});
