import { useMemo } from 'react';
import { createCallApi, type CallApi } from '../../api/index';
import { useChromeApi } from '../../ui/index';

/** The API caller of extension pages (proxied through the service worker). */
export function useCallApi(): CallApi {
  const api = useChromeApi();
  return useMemo(() => createCallApi(api), [api]);
}
