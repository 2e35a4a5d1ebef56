import { useMemo } from 'react';
import { createCallApi, type CallApi } from '../api/call-api';
import { useChromeApi } from '../platform/chrome-api-context';

/** The API caller of extension pages (proxied through the service worker). */
export function useCallApi(): CallApi {
  const api = useChromeApi();
  return useMemo(() => createCallApi(api), [api]);
}
