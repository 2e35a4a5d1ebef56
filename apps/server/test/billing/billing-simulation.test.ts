import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isAppError, PUBLIC_PLANS } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { billingCharges, sandboxPayments, users } from '../../src/db/schema';
import { createJobQueue, type JobQueue } from '../../src/jobs/job-queue';
import type { BillingDeps } from '../../src/modules/billing/billing-deps';
import { readBillingState } from '../../src/modules/billing/billing-state';
import { cancelPlan } from '../../src/modules/billing/cancel-plan';
import {
  createSandboxGateway,
  type SandboxGateway,
} from '../../src/modules/billing/gateway/sandbox-gateway';
import { grantCredit } from '../../src/modules/billing/grant-credit';
import { SYSTEM_AUDIT_CONTEXT as AUDIT } from '../../src/modules/audit/index';
import { detachPaymentMethod } from '../../src/modules/billing/detach-payment-method';
import { savePaymentMethod } from '../../src/modules/billing/save-payment-method';
import { purchaseLicense } from '../../src/modules/billing/purchase-license';
import { removeLicense } from '../../src/modules/billing/remove-license';
import { runDueBilling } from '../../src/modules/billing/run-due-billing';
import { selectPlan } from '../../src/modules/billing/select-plan';
import { createMailer } from '../../src/modules/mail/mailer';
import { createMailTransport } from '../../src/modules/mail/mail-transport';
import { createOrg } from '../../src/modules/organizations/create-org';
import { createTestDatabase, type TestDatabase } from '../support/helper';
import {
  act,
  newModelOrg,
  runDue,
  type ModelAction,
  type ModelOrg,
} from '../support/billing-model';
import { TEST_CARDS } from '../support/billing-world';

// Issue 13 proof: 50 organizations × 24 simulated months on the real database and the sandbox
// gateway, with an injected clock. Every day the billing job runs twice, on the 1st also in a
// second "process" (its own connection pool) at the same time, and twice a year a run dies right
// after the gateway charged (before the ledger recorded it) and is run again. Each org's ledger
// must equal the independent model of billing-model.ts to the cent, and the gateway must have
// taken exactly the ledger's money: one charge per org per period.

const ORGS = 50;
const MONTHS = 24;
const START = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;
const CRASH_MONTHS = new Set([5, 11, 17]);

/** Deterministic randomness (mulberry32), so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let database: TestDatabase;
let second: Db;
let jobs: JobQueue;
let dataDir: string;
const clock = { at: new Date(START), now: () => clock.at };
let deps: BillingDeps;
let deps2: BillingDeps;
let gateway: SandboxGateway;

beforeAll(async () => {
  database = await createTestDatabase();
  second = createDb(database.databaseUrl);
  dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-billing-sim-'));
  const logger = { warn: () => undefined };
  jobs = createJobQueue({ connectionString: database.databaseUrl, db: database.db, logger });
  const transport = createMailTransport({
    smtpUrl: undefined,
    mailFrom: 'Waymark <billing@localhost>',
    outboxDir: path.join(dataDir, 'mail'),
    logger: logger as never,
  });
  const publicUrl = 'http://localhost:8080';
  const mailer = createMailer({ jobs, transport, clock, publicUrl });
  await jobs.start();
  gateway = createSandboxGateway({ db: database.db, clock });
  deps = { db: database.db, clock, gateway, mailer, publicUrl };
  deps2 = {
    ...deps,
    db: second,
    gateway: createSandboxGateway({ db: second, clock }),
  };
});
afterAll(async () => {
  await jobs.stop();
  await second.$client.end();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

type SimOrg = { orgId: number; createdDay: number; model: ModelOrg | null };

const PLAN_ID_OF: Record<string, number> = {
  Free: 1,
  Basic: 2,
  Standard: 3,
  Pro: 4,
  'Standard Trial': 5,
};

/** The same action through the services (the admin's dialog shows `plan`); true when it succeeded. */
async function perform(org: SimOrg, action: ModelAction, plan: string): Promise<boolean> {
  const { orgId } = org;
  const dialogPlanId = PLAN_ID_OF[plan] ?? 0;
  try {
    switch (action.kind) {
      case 'purchase':
        await purchaseLicense(
          deps,
          {
            orgId,
            purchaseCount: action.count,
            planId: dialogPlanId,
          },
          AUDIT,
        );
        return true;
      case 'remove':
        await removeLicense(
          deps,
          {
            orgId,
            licenseRemovalCount: action.count,
            planId: dialogPlanId,
          },
          AUDIT,
        );
        return true;
      case 'select': {
        const planId = PUBLIC_PLANS.find((p) => p.planName === action.plan)?.planId ?? 0;
        await selectPlan(deps, { orgId, planId }, AUDIT);
        return true;
      }
      case 'cancel':
        await cancelPlan(deps, { orgId }, AUDIT);
        return true;
      case 'card': {
        if (action.card === 'none') {
          const { account } = await readBillingState(deps.db, orgId, { lock: false });
          const id = account.paymentMethodId ?? '';
          await detachPaymentMethod(deps, { orgId, paymentMethodId: id }, AUDIT);
          return true;
        }
        const cardNumber = action.card === 'ok' ? TEST_CARDS.visa : TEST_CARDS.chargeDeclined;
        const id = await gateway.createPaymentMethod({
          cardNumber,
          expMonth: 12,
          expYear: 2099,
          cvc: '123',
        });
        await savePaymentMethod(deps, { orgId, stripePaymentId: id }, AUDIT);
        return true;
      }
      case 'credit':
        await grantCredit(deps.db, { orgId, cents: action.cents });
        return true;
    }
  } catch (error) {
    if (isAppError(error) && error.statusCode < 500) return false;
    throw error;
  }
}

function pickAction(next: () => number, model: ModelOrg): ModelAction | null {
  const roll = next();
  const count = 1 + Math.floor(next() * 4);
  const plans = ['Free', 'Basic', 'Standard', 'Pro'] as const;
  if (roll < 0.3) return { kind: 'purchase', count };
  if (roll < 0.45) return { kind: 'remove', count };
  if (roll < 0.65) return { kind: 'select', plan: plans[Math.floor(next() * 4)] ?? 'Basic' };
  if (roll < 0.72) return { kind: 'cancel' };
  if (roll < 0.95) {
    const card = next() < 0.7 ? 'ok' : next() < 0.6 ? 'decline' : 'none';
    return card === 'none' && model.card === 'none' ? null : { kind: 'card', card };
  }
  return { kind: 'credit', cents: 1 + Math.floor(next() * 3000) };
}

/**
 * One billing-job moment: twice in a row, on the 1st also in two processes at once. `crash`:
 * first a run that dies after the gateway charged, then the restarted run.
 */
async function runJobs(day: number, crash: boolean): Promise<void> {
  const isFirst = day === 1;
  if (crash) {
    // The process dies right after the gateway charged: the ledger row stays pending.
    const charge = gateway.charge.bind(gateway);
    let crashes = 8;
    gateway.charge = async (input) => {
      const outcome = await charge(input);
      if (crashes-- > 0) throw new Error('killed mid-run');
      return outcome;
    };
    const result = await runDueBilling(deps);
    gateway.charge = charge;
    expect(result.orgsFailed).toBeGreaterThan(0);
    const moment = clock.at;
    clock.at = new Date(moment.getTime() + 3 * 60_000); // the restart, past the stale threshold
    await runDueBilling(deps);
    clock.at = moment;
  }
  if (isFirst) await Promise.all([runDueBilling(deps), runDueBilling(deps2)]);
  await runDueBilling(deps);
  await runDueBilling(deps);
}

describe('billing simulation: 50 orgs × 24 months', () => {
  it('matches the independent model to the cent, exactly once per org and period', async () => {
    const next = random(13);
    const owners = await database.db
      .insert(users)
      .values(
        Array.from({ length: ORGS }, (_, i) => ({
          subject: `sim-${i}`,
          email: `sim-${i}@example.test`,
        })),
      )
      .returning({ id: users.id });
    const orgs: SimOrg[] = owners.map(({ id }, i) => ({
      orgId: id, // replaced at creation
      createdDay: i < 10 ? 0 : Math.floor(next() * 90),
      model: null,
    }));
    const end = Date.UTC(2026, MONTHS, 1);
    let actions = 0;
    for (let day = 0; START + day * DAY < end; day += 1) {
      const midnight = new Date(START + day * DAY);
      clock.at = midnight;
      let isDue = false;
      for (const org of orgs) if (org.model && runDue(org.model, midnight)) isDue = true;
      const monthIndex = (midnight.getUTCFullYear() - 2026) * 12 + midnight.getUTCMonth();
      const dayOfMonth = midnight.getUTCDate();
      // The job runs on every day charges fall due and every day the model had work; on other
      // days a run would find nothing (a run the model did not expect would show in the ledgers).
      if (isDue || [1, 3, 7].includes(dayOfMonth))
        await runJobs(dayOfMonth, dayOfMonth === 1 && CRASH_MONTHS.has(monthIndex));
      clock.at = new Date(midnight.getTime() + 10 * 3_600_000);
      const acting: Promise<void>[] = [];
      for (const [i, org] of orgs.entries()) {
        if (org.createdDay === day) {
          const created = await createOrg(deps, {
            userId: owners[i]?.id ?? 0,
            orgName: `Sim ${i}`,
          });
          org.orgId = created.orgId;
          org.model = newModelOrg(clock.at);
          continue;
        }
        if (!org.model || next() > 0.05) continue;
        const action = pickAction(next, org.model);
        if (!action) continue;
        const plan = org.model.plan;
        const expected = act(org.model, action, clock.at);
        const label = `org ${org.orgId} ${JSON.stringify(action)} on ${clock.at.toISOString()}`;
        // Organizations are independent: the day's actions run at once, as their admins would.
        acting.push(perform(org, action, plan).then((done) => expect(done, label).toBe(expected)));
        actions += 1;
      }
      await Promise.all(acting);
    }
    expect(actions).toBeGreaterThan(1000);

    for (const org of orgs) {
      const model = org.model;
      if (!model) throw new Error('every org is created in the first 90 days');
      const rows = await database.db
        .select()
        .from(billingCharges)
        .where(eq(billingCharges.orgId, org.orgId));
      const succeeded = (
        list: { period: string; kind: string; amount: number; credit: number }[],
      ) => list.map((c) => `${c.period} ${c.kind} ${c.amount} ${c.credit}`).sort();
      expect(
        succeeded(
          rows
            .filter((r) => r.status === 'succeeded')
            .map((r) => ({
              period: r.period,
              kind: r.purpose.replace(/-\d+$/, ''),
              amount: r.amountCents,
              credit: r.creditAppliedCents,
            })),
        ),
        `ledger of org ${org.orgId}`,
      ).toEqual(succeeded(model.charges.filter((c) => c.status === 'succeeded')));
      const state = await readBillingState(database.db, org.orgId, { lock: false });
      expect(
        [
          state.plan.planName,
          state.licenses.total,
          state.account.creditCents,
          state.scheduledPlan?.planName ?? null,
        ],
        `state of org ${org.orgId}`,
      ).toEqual([model.plan, model.licenses, model.credit, model.scheduled]);
      // One monthly (and at most one trial conversion) per org per period.
      const periods = rows.filter((r) => r.purpose === 'monthly').map((r) => r.period);
      expect(new Set(periods).size).toBe(periods.length);
    }

    // The gateway took exactly the ledger's money: no attempt charged twice, nothing unrecorded.
    const ledger = await database.db.select().from(billingCharges);
    const payments = await database.db.select().from(sandboxPayments);
    const paid = payments.filter((p) => p.status === 'succeeded');
    expect(paid.reduce((sum, p) => sum + p.amountCents, 0)).toBe(
      ledger.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.chargedCents, 0),
    );
    const paidPerRow = new Map<string, number>();
    for (const p of paid) {
      const rowKey = p.idempotencyKey.slice(0, p.idempotencyKey.lastIndexOf(':'));
      paidPerRow.set(rowKey, (paidPerRow.get(rowKey) ?? 0) + 1);
    }
    for (const row of ledger)
      expect(paidPerRow.get(row.idempotencyKey) ?? 0, row.idempotencyKey).toBe(
        row.status === 'succeeded' && row.chargedCents > 0 ? 1 : 0,
      );
    expect(ledger.filter((r) => r.status === 'pending')).toEqual([]);
  }, 300_000);
});
