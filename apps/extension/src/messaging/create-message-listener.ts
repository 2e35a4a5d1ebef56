import type { ErrorCode } from '@waymark/core';
import type { MessageListener } from '../platform/index';
import { isMessage, type MessageMap, type MessageType, type Reply } from './protocol';

/** Answers one message type; may be async. `sender` says which context sent it. */
export type MessageHandler<T extends MessageType> = (
  payload: MessageMap[T]['payload'],
  sender: chrome.runtime.MessageSender,
) => MessageMap[T]['response'] | Promise<MessageMap[T]['response']>;

/** The handlers one context provides: only the messages it answers. */
export type MessageHandlers = { [T in MessageType]?: MessageHandler<T> };

/**
 * Turns handlers into a `runtime.onMessage` listener. Messages this context does not handle are
 * left unanswered, so the context that does handle them can reply; a throwing handler replies
 * `{ ok: false, error, code? }` instead of leaving the sender waiting.
 */
export function createMessageListener(handlers: MessageHandlers): MessageListener {
  return (message, sender, sendResponse) => {
    if (!isMessage(message)) return false;
    const handler = handlers[message.type] as MessageHandler<MessageType> | undefined;
    if (!handler) return false;
    void answer(() => handler(message.payload as never, sender)).then(sendResponse);
    // Chrome keeps the reply channel open only when the listener returns true synchronously.
    return true;
  };
}

async function answer(run: () => unknown): Promise<Reply<MessageType>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (hasErrorCode(error)) return { ok: false, error: error.message, code: error.code };
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** An `AppError` by shape: importing core's class here would pull zod into the content script. */
function hasErrorCode(error: unknown): error is Error & { code: ErrorCode } {
  return (
    error instanceof Error &&
    error.name === 'AppError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
