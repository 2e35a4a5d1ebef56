import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findFreePort } from '../../src/db/free-port';
import { idpAccounts } from '../../src/db/schema';
import { parseMail } from '../../src/modules/mail/outbox';
import { httpInjector, startChildServer, type ChildServer } from '../support/child-server';
import { createTestDatabase, type TestDatabase } from '../support/helper';
import { submitSignUp, TestBrowser } from '../support/identity-browser';

// The outbox under real crashes: a real server process, SIGKILLed, on a real database and SMTP.
type Received = { to: string; messageId: string; links: string[] };

let database: TestDatabase;
let dataDir: string;
let smtp: SMTPServer;
let smtpPort = 0;
let server: ChildServer | undefined;
/** Messages the SMTP server accepted ("250 OK"). */
const accepted: Received[] = [];
/** Messages whose data arrived, accepted or not. */
const arrived: Received[] = [];
/** While true, the SMTP server takes a message's data and never answers: a send stuck mid-job. */
let isStalling = false;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-crash-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '';
        const mail = { ...parseMail(raw), messageId };
        arrived.push(mail);
        if (isStalling) return;
        accepted.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterEach(async () => {
  await server?.kill();
  server = undefined;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ChildServer> {
  server = await startChildServer({
    PORT: String(await findFreePort()),
    DATABASE_URL: database.databaseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PORTAL_DIST: path.join(dataDir, 'no-portal'),
    // The killed copy's job is retried 10 s (pg-boss's least heartbeat) + one supervise pass + its
    // retry delay after the kill: 5 s + 5–10 s of it by default, 1 s + 1–2 s here.
    JOB_SUPERVISE_SECONDS: '1',
    JOB_RETRY_DELAY_SECONDS: '1',
  });
  return server;
}

/** Signs `email` up on the sign-up screen of `running`; resolves with the answer. */
async function signUp(running: ChildServer, email: string) {
  const browser = new TestBrowser(httpInjector(running.url), running.url);
  const { answer } = await submitSignUp(browser, {
    publicUrl: running.url,
    email,
    password: 'crash test password',
  });
  return answer;
}

async function accountCount(email: string): Promise<number> {
  const rows = await database.db
    .select({ id: idpAccounts.id })
    .from(idpAccounts)
    .where(sql`lower(${idpAccounts.email}) = ${email}`);
  return rows.length;
}

describe('mail outbox across a SIGKILL', () => {
  it('sends a mail whose job was cut off mid-send once the server is back, as the same message', async () => {
    const email = 'crash.mid.send@example.com';
    isStalling = true;
    const first = await start();
    const answer = await signUp(first, email);
    expect(answer.body).toContain('Check your e-mail');
    // The job has handed the message to SMTP and waits for the answer that will not come.
    await vi.waitFor(() => expect(arrived.map((mail) => mail.to)).toContain(email), {
      timeout: 20_000,
    });
    await first.kill();
    isStalling = false;
    expect(accepted.filter((mail) => mail.to.includes(email))).toEqual([]);

    await start();
    // The dead process stopped heartbeating: the job is retried (pg-boss) on the new process.
    await vi.waitFor(
      () => expect(accepted.filter((mail) => mail.to.includes(email))).toHaveLength(1),
      { timeout: 60_000, interval: 250 },
    );
    const [stalled] = arrived.filter((mail) => mail.to.includes(email));
    const [delivered] = accepted.filter((mail) => mail.to.includes(email));
    expect(delivered?.messageId).toMatch(/^<.+@127\.0\.0\.1>$/);
    expect(delivered?.messageId).toBe(stalled?.messageId);
    expect(delivered?.links.some((link) => link.includes('/verify?token='))).toBe(true);
    expect(await accountCount(email)).toBe(1);
  }, 120_000);

  it('sends nothing, and keeps no account, when the server dies before the sign-up commits', async () => {
    const email = 'crash.mid.transaction@example.com';
    const running = await start();
    // Hold the job table: the sign-up transaction (account and token written) waits at its
    // enqueue, uncommitted, when the process is killed.
    const blocker = new pg.Client({ connectionString: database.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table pgboss.job in exclusive mode');
      const { rows: pids } = await blocker.query<{ pid: number }>('select pg_backend_pid() as pid');
      const blockerPid = pids[0]?.pid ?? 0;
      const submitted = signUp(running, email).catch(() => 'killed');
      // The sign-up: an app session (not pg-boss's own fetches) holding its e-mail token's write,
      // waiting behind the lock for the job table. Read from a session of its own: inside the
      // blocker's transaction, pg_stat_activity's rows and statements are a snapshot taken at
      // its first read (only wait events are live), and a later statement never showed.
      await vi.waitFor(
        async () => {
          const { rows } = await database.db.execute<{ waiting: number }>(sql`
            select count(*)::int as waiting from pg_stat_activity a
            where a.datname = current_database()
              and a.application_name is distinct from 'waymark-jobs'
              and ${blockerPid}::int = any(pg_blocking_pids(a.pid))
              and exists (select 1 from pg_locks l where l.pid = a.pid and not l.granted
                and l.relation = 'pgboss.job_common'::regclass)
              and exists (select 1 from pg_locks l where l.pid = a.pid and l.granted
                and l.relation = 'idp_email_tokens'::regclass)`);
          expect(rows[0]?.waiting).toBeGreaterThan(0);
        },
        { timeout: 20_000, interval: 100 },
      );
      await running.kill();
      expect(await submitted).toBe('killed');
    } finally {
      await blocker.query('commit');
      await blocker.end();
    }

    await start();
    // Give a would-be mail more than the time the first test's retry took to arrive.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await accountCount(email)).toBe(0);
    const jobs = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from pgboss.job where data->>'to' = ${email}`,
    );
    expect(jobs.rows[0]?.count).toBe(0);
    expect(arrived.filter((mail) => mail.to.includes(email))).toEqual([]);
  }, 120_000);
});
