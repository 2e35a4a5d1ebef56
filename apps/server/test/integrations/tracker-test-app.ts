import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/logger';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';

/**
 * The app for a tracker test: the clock at the real now (vendors' webhooks carry real times),
 * `env` pointing a vendor at its stand-in, every log line kept (tests grep them for secrets), and
 * listening on a loopback port so stand-ins can deliver webhooks to `appUrl`.
 */
export async function startTrackerTestApp(
  env: Record<string, string>,
): Promise<{ t: AuthTestContext; appUrl: string; logLines: string[] }> {
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const t = await startAuthTestApp({ now: new Date(), env, logger: createLogger('debug', sink) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { t, appUrl, logLines };
}
