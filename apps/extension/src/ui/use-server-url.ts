import { useEffect, useState } from 'react';
import { DEFAULT_SERVER_URL } from '../config';
import { useChromeApi } from './chrome-api-context';
import { readServerUrl, watchServerUrl } from '../settings/index';

/** The configured server URL, kept current when Options saves a new one; null while loading. */
export function useServerUrl(): string | null {
  const api = useChromeApi();
  const [serverUrl, setServerUrl] = useState<string | null>(null);
  useEffect(() => {
    const stopWatching = watchServerUrl(api, setServerUrl);
    // A change seen while the first read is in flight is newer than what the read returns.
    const keepNewer = (url: string) => setServerUrl((current) => current ?? url);
    readServerUrl(api).then(keepNewer, () => keepNewer(DEFAULT_SERVER_URL));
    return stopWatching;
  }, [api]);
  return serverUrl;
}
