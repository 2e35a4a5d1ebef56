/**
 * Calls a vendor stand-in's control endpoint from an e2e worker (the stand-ins run in global
 * setup): `envName` names the variable holding the stand-in's URL, `prefix` its control path.
 * GET without a body, POST with one; a non-2xx answer throws.
 */
export async function callStandIn<T>(
  envName: string,
  prefix: string,
  name: string,
  body?: unknown,
): Promise<T> {
  const base = process.env[envName];
  if (!base) throw new Error(`${envName} is not set: run through global setup`);
  const response = await fetch(`${new URL(base).origin}${prefix}${name}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`stand-in ${name}: ${response.status}`);
  return (await response.json()) as T;
}
