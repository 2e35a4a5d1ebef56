import { AppError } from '@waymark/core';
import type { Message, MessageMap, MessageType, Reply } from './protocol';

/** Delivers a message and resolves to the receiver's reply (`runtime` or `tabs.sendMessage`). */
export type Transport = (message: Message) => Promise<unknown>;

/**
 * Sends a request and resolves to its answer. Rejects when no context handles it or the
 * handler failed, with the handler's own error message (an `AppError` when it carried a code).
 */
export async function sendRequest<T extends MessageType>(
  transport: Transport,
  type: T,
  payload: MessageMap[T]['payload'],
): Promise<MessageMap[T]['response']> {
  const reply = (await transport({ type, payload } as Message)) as Reply<T> | undefined;
  if (!reply) throw new Error(`No receiver answered ${type}`);
  if (!reply.ok) throw reply.code ? new AppError(reply.code, reply.error) : new Error(reply.error);
  return reply.value;
}

/**
 * Sends a notification that nobody has to receive: when no extension page is open, Chrome
 * rejects with "Receiving end does not exist", which is the normal case, not an error.
 */
export async function broadcast<T extends MessageType>(
  transport: Transport,
  type: T,
  payload: MessageMap[T]['payload'],
): Promise<void> {
  await transport({ type, payload } as Message).catch(() => undefined);
}
