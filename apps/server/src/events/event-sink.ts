import type { Db, Transaction } from '../db/client';

/** "Something changed": a type such as `item.changed` plus what identifies the thing. */
export type AppEvent = { type: string } & Record<string, unknown>;

/** Receives events after the transaction that published them committed. */
export type EventListener = (event: AppEvent) => void | Promise<void>;

/**
 * Where services announce changes (later: live updates to open portals and side panels). An event
 * is delivered only once its transaction commits, and never when it rolls back.
 */
export type EventSink = {
  /**
   * Runs `work` in one transaction of `db`; what it passes to `publish` reaches the listeners,
   * in order, after the commit.
   *
   * @returns what `work` returned.
   */
  transaction<T>(
    db: Db,
    work: (tx: Transaction, publish: (event: AppEvent) => void) => Promise<T>,
  ): Promise<T>;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: EventListener): () => void;
};

/** Creates the in-process event sink; a listener that fails is logged and does not stop others. */
export function createEventSink(logger: {
  warn(details: Record<string, unknown>, message: string): void;
}): EventSink {
  const listeners = new Set<EventListener>();
  return {
    async transaction(db, work) {
      const published: AppEvent[] = [];
      const result = await db.transaction((tx) => work(tx, (event) => published.push(event)));
      for (const event of published) {
        for (const listener of listeners) {
          try {
            await listener(event);
          } catch (error) {
            logger.warn({ err: error, event: event.type }, 'event listener failed');
          }
        }
      }
      return result;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
