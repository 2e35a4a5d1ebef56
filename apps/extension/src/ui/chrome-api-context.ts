import { createContext, useContext } from 'react';
import { chromeApi, type ChromeApi } from '../platform/index';

const ChromeApiContext = createContext<ChromeApi>(chromeApi);

/** Supplies a `ChromeApi` to the pages below it; component tests pass a fake here. */
export const ChromeApiProvider = ChromeApiContext.Provider;

/** The extension APIs for React components: the real ones unless a provider says otherwise. */
export function useChromeApi(): ChromeApi {
  return useContext(ChromeApiContext);
}
