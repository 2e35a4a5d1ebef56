import { createContext } from 'react';

/**
 * Issue 13, 3-D Secure: opens the bank's confirmation of the charge that waits for it. The Account
 * screen provides it, so a dialog whose charge needs confirmation leads there without knowing how.
 */
export const CompletePaymentContext = createContext<(() => void) | null>(null);
