import { randomBytes } from 'node:crypto';
import {
  AppError,
  JIRA_ALREADY_CONNECTED,
  LINEAR_ALREADY_CONNECTED,
  TRACKER_ALREADY_CONNECTED,
  type TTrackerConnection,
  type TTrackerVendor,
  type ZTrackerConnectInput,
} from '@waymark/core';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { trackerConnections } from '../../../db/schema';
import { toConnectionView, webhookUrlOf } from './connection-rows';
import { jiraSiteOf } from './jira/jira-site';
import { seedStateMapping } from './state-mapping';
import type { TrackerSettings } from './tracker-adapter';
import type { TrackerDeps } from './tracker-deps';

type ConnectInput = z.output<typeof ZTrackerConnectInput>;

const ALREADY_CONNECTED: Record<TTrackerVendor, string> = {
  github: TRACKER_ALREADY_CONNECTED,
  linear: LINEAR_ALREADY_CONNECTED,
  jira: JIRA_ALREADY_CONNECTED,
};

/**
 * What issues of the connection go to — `owner/repo` (GitHub), the team's key (Linear), the site's
 * host and the project's key (Jira: one organization may use two sites with the same key) — and
 * the settings the vendor is first asked with (Jira: the site, checked here, and the e-mail).
 */
function targetOf(
  connect: ConnectInput,
  allowPrivateAddresses: boolean,
): { target: string; settings: TrackerSettings } {
  switch (connect.vendor) {
    case 'github':
      return { target: `${connect.owner}/${connect.repo}`, settings: {} };
    case 'linear':
      return { target: connect.team, settings: {} };
    case 'jira': {
      const siteUrl = jiraSiteOf(connect.site, allowPrivateAddresses);
      return {
        target: `${new URL(siteUrl).host}/${connect.project}`,
        settings: { siteUrl, email: connect.email },
      };
    }
  }
}

/**
 * Connects a tracker: the token is checked with the vendor first (a refused token is a 400 and
 * nothing is stored), then stored sealed with a new webhook secret, which the answer shows once.
 * A vendor that lets an API client set a webhook's secret (Linear, Jira) gets its webhook added
 * before anything is written, with no transaction open (decision 0135: a slow vendor holds no
 * pooled connection), at the URL of the connection's id taken beforehand: if the vendor refuses,
 * nothing is stored. A connect that loses the race to an identical one removes the webhook it
 * added and answers CONFLICT. The first connection also seeds the state mapping from the
 * organization's status names.
 */
export async function connectTracker(
  deps: TrackerDeps,
  input: { orgId: number; userId: number; connect: ConnectInput },
): Promise<TTrackerConnection & { webhookSecret: string }> {
  const { vendor } = input.connect;
  const { target, settings: given } = targetOf(input.connect, deps.allowPrivateAddresses);
  const adapterWith = (settings: TrackerSettings) =>
    deps.registry.adapterFor({ vendor, target, token: input.connect.token, settings });
  const alreadyConnected = () => new AppError('CONFLICT', ALREADY_CONNECTED[vendor]);
  const settings = { ...given, ...(await adapterWith(given).verifyAccess()) };
  // Refused before the vendor is called again, in the usual case of a connection already made.
  if (await isConnected(deps.db, { orgId: input.orgId, vendor, target })) throw alreadyConnected();
  // The settings found (Linear's team id, Jira's issue types) are what the webhook is added with.
  const adapter = adapterWith(settings);
  const webhookSecret = randomBytes(32).toString('hex');
  const id = await newConnectionId(deps.db);
  const hook = adapter.registerWebhook
    ? await adapter.registerWebhook({
        url: webhookUrlOf(deps.publicUrl, { id, vendor }),
        secret: webhookSecret,
      })
    : {};
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(trackerConnections)
        .overridingSystemValue()
        .values({
          id,
          orgId: input.orgId,
          vendor,
          target,
          settings: { ...settings, ...hook },
          tokenCiphertext: deps.box.seal(input.connect.token),
          webhookSecretCiphertext: deps.box.seal(webhookSecret),
          createdBy: input.userId,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw alreadyConnected();
      await seedStateMapping(tx, input.orgId);
      return { ...toConnectionView(deps.publicUrl, row), webhookSecret };
    });
  } catch (error) {
    // An identical connect committed first (or the write failed): this one's webhook goes.
    if (adapter.registerWebhook)
      await adapterWith({ ...settings, ...hook })
        .removeWebhook?.()
        .catch(() => undefined);
    throw error;
  }
}

/** Whether the organization has this vendor's `target` connected (as the unique index reads it). */
async function isConnected(
  db: TrackerDeps['db'],
  key: { orgId: number; vendor: string; target: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: trackerConnections.id })
    .from(trackerConnections)
    .where(
      and(
        eq(trackerConnections.orgId, key.orgId),
        eq(trackerConnections.vendor, key.vendor),
        sql`lower(${trackerConnections.target}) = lower(${key.target})`,
      ),
    );
  return row !== undefined;
}

/** The next id of `tracker_connections`, taken from its identity before the row is written. */
async function newConnectionId(db: TrackerDeps['db']): Promise<number> {
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('tracker_connections', 'id'))::int as id`,
  );
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('No id from the tracker_connections identity');
  return id;
}
