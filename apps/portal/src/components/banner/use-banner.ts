import { useContext } from 'react';
import { BannerContext, type BannerApi } from './banner-context';

/** The admin banner: `showBanner(text)` from any screen inside the admin layout. */
export function useBanner(): BannerApi {
  const api = useContext(BannerContext);
  if (!api) throw new Error('useBanner must be used inside <BannerProvider>');
  return api;
}
