import { BANNER_AUTO_HIDE_MS } from '@waymark/core';
import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

/** Tone of a banner message: success and information, or a problem. */
export type BannerTone = 'info' | 'error';

/** The message the banner shows; `id` changes with every call so a repeated text restarts the timer. */
export type BannerMessage = { id: number; text: string; tone: BannerTone };

/** What {@link useBanner} gives a feature. */
export type BannerApi = {
  /** The message on display, or null. */
  message: BannerMessage | null;
  /** Shows `text`, replacing any current message. */
  showBanner: (text: string, tone?: BannerTone) => void;
  /** Hides the message now (the X button). */
  dismissBanner: () => void;
};

/** The banner context; read it through `useBanner`. */
export const BannerContext = createContext<BannerApi | null>(null);

/** Props of {@link BannerProvider}. */
export type BannerProviderProps = { children: ReactNode };

/** Holds the admin header's banner message and hides it after BANNER_AUTO_HIDE_MS. */
export function BannerProvider({ children }: BannerProviderProps) {
  const [message, setMessage] = useState<BannerMessage | null>(null);

  const showBanner = useCallback((text: string, tone: BannerTone = 'info') => {
    setMessage((previous) => ({ id: (previous?.id ?? 0) + 1, text, tone }));
  }, []);
  const dismissBanner = useCallback(() => setMessage(null), []);

  useEffect(() => {
    if (!message) return;
    // spec §4, §9: the banner auto-clears after 20 s.
    const timer = window.setTimeout(() => setMessage(null), BANNER_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  const api = useMemo(
    () => ({ message, showBanner, dismissBanner }),
    [message, showBanner, dismissBanner],
  );
  return <BannerContext.Provider value={api}>{children}</BannerContext.Provider>;
}
