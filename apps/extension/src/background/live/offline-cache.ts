import type { ChromeApi } from '../../platform/index';

/** The `chrome.storage.session` key of the offline cache's AES-GCM key (a JWK). */
export const OFFLINE_KEY_KEY = 'offlineCacheKey';
/** Prefix of the offline cache's entries in `chrome.storage.local`. */
export const OFFLINE_ENTRY_PREFIX = 'offline:';

/** One kept answer and when it was kept. */
export type OfflineEntry<T> = { value: T; savedAt: number };

/** Answers kept for reading without network: ciphertext on disk, its key only in the session. */
export type OfflineCache = {
  read<T>(id: string): Promise<OfflineEntry<T> | null>;
  write(id: string, value: unknown): Promise<void>;
  /** Forgets every entry and the key (sign-out). */
  clear(): Promise<void>;
};

type StoredEntry = { iv: string; data: string };

/**
 * Creates the offline cache. Entries live in `chrome.storage.local` encrypted with AES-GCM
 * (WebCrypto, a fresh 96-bit IV per write); the 256-bit key lives in `chrome.storage.session`,
 * which is memory only, trusted contexts only and gone when the browser closes. So what is on
 * disk is unreadable without the session that wrote it; an entry the key cannot open (a new
 * session, a new key) is deleted when read. Entry names are SHA-256 hashes: page addresses are
 * not on disk in clear either.
 */
export function createOfflineCache({
  api,
  now,
}: {
  api: ChromeApi;
  now: () => number;
}): OfflineCache {
  const { subtle } = globalThis.crypto;
  let keyPromise: Promise<CryptoKey> | null = null;

  const loadKey = async (): Promise<CryptoKey> => {
    const stored = (await api.storage.getSession([OFFLINE_KEY_KEY]))[OFFLINE_KEY_KEY];
    if (stored)
      return subtle.importKey('jwk', stored as JsonWebKey, 'AES-GCM', true, ['encrypt', 'decrypt']);
    const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
      'encrypt',
      'decrypt',
    ]);
    await api.storage.setSession({ [OFFLINE_KEY_KEY]: await subtle.exportKey('jwk', key) });
    return key;
  };
  const getKey = () => {
    keyPromise ??= loadKey().catch((error: unknown) => {
      keyPromise = null;
      throw error;
    });
    return keyPromise;
  };
  const entryName = async (id: string) => {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(id));
    return OFFLINE_ENTRY_PREFIX + toBase64(new Uint8Array(digest));
  };

  return {
    async read<T>(id: string) {
      const name = await entryName(id);
      const stored = (await api.storage.getLocal([name]))[name] as StoredEntry | undefined;
      if (!stored) return null;
      try {
        const plain = await subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64(stored.iv) },
          await getKey(),
          fromBase64(stored.data),
        );
        return JSON.parse(new TextDecoder().decode(plain)) as OfflineEntry<T>;
      } catch {
        await api.storage.removeLocal([name]);
        return null;
      }
    },
    async write(id, value) {
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const plain = new TextEncoder().encode(JSON.stringify({ value, savedAt: now() }));
      const data = await subtle.encrypt({ name: 'AES-GCM', iv }, await getKey(), plain);
      const entry: StoredEntry = { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
      await api.storage.setLocal({ [await entryName(id)]: entry });
    },
    async clear() {
      keyPromise = null;
      const names = (await api.storage.getLocalKeys()).filter((key) =>
        key.startsWith(OFFLINE_ENTRY_PREFIX),
      );
      await api.storage.removeLocal(names);
      await api.storage.removeSession([OFFLINE_KEY_KEY]);
    },
  };
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
