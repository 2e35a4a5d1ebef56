import { TRACKER_VENDOR_NAMES, type TItemTracker } from '@waymark/core';

type Connection = TItemTracker['connections'][number];

/**
 * How a connection is named in the panel: the vendor (`GitHub`), with its target when the
 * organization connected that vendor more than once (`GitHub acme/shop`, `GitHub acme/app`).
 */
export function trackerName(connection: Connection, all: readonly Connection[]): string {
  const vendor = TRACKER_VENDOR_NAMES[connection.vendor];
  const isAmbiguous = all.filter((other) => other.vendor === connection.vendor).length > 1;
  return isAmbiguous ? `${vendor} ${connection.target}` : vendor;
}
