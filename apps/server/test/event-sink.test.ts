import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts } from '../src/db/schema';
import { createEventSink, type AppEvent } from '../src/events/event-sink';
import { createTestDatabase, type TestDatabase } from './helper';

// The after-commit event sink on a real database: what a listener sees, and when.
let database: TestDatabase;
const warnings: string[] = [];
const sink = createEventSink({ warn: (_details, message) => warnings.push(message) });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const account = (email: string) => ({
  email,
  firstName: 'Eve',
  lastName: 'Nt',
  passwordHash: 'x',
});

describe('after-commit events', () => {
  it('delivers an event after its transaction committed, when the change is visible to all', async () => {
    const seen: { event: AppEvent; isVisible: boolean }[] = [];
    const unsubscribe = sink.subscribe(async (event) => {
      const rows = await database.db
        .select()
        .from(idpAccounts)
        .where(eq(idpAccounts.email, String(event.email)));
      seen.push({ event, isVisible: rows.length === 1 });
    });
    const result = await sink.transaction(database.db, async (tx, publish) => {
      await tx.insert(idpAccounts).values(account('committed@example.com'));
      publish({ type: 'account.created', email: 'committed@example.com' });
      expect(seen).toEqual([]);
      return 'done';
    });
    unsubscribe();

    expect(result).toBe('done');
    expect(seen).toEqual([
      { event: { type: 'account.created', email: 'committed@example.com' }, isVisible: true },
    ]);
  });

  it('delivers nothing when the transaction rolls back', async () => {
    const seen: AppEvent[] = [];
    const unsubscribe = sink.subscribe((event) => void seen.push(event));
    await expect(
      sink.transaction(database.db, async (tx, publish) => {
        await tx.insert(idpAccounts).values(account('rolled-back@example.com'));
        publish({ type: 'account.created', email: 'rolled-back@example.com' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    unsubscribe();
    expect(seen).toEqual([]);
  });

  it('keeps delivering to other listeners when one fails, and logs the failure', async () => {
    const seen: string[] = [];
    const offFailing = sink.subscribe(() => {
      throw new Error('listener broke');
    });
    const offWorking = sink.subscribe((event) => void seen.push(event.type));
    await sink.transaction(database.db, (_tx, publish) => {
      publish({ type: 'thing.changed' });
      return Promise.resolve();
    });
    offFailing();
    offWorking();
    expect(seen).toEqual(['thing.changed']);
    expect(warnings).toEqual(['event listener failed']);
  });
});
