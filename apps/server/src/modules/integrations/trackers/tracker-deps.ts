import type { IntegrationsDeps } from '../integrations-deps';
import type { TrackerRegistry } from './tracker-registry';

/** What the tracker services need: the integrations' deps and the vendors' adapters. */
export type TrackerDeps = Pick<
  IntegrationsDeps,
  'db' | 'clock' | 'box' | 'publicUrl' | 'allowPrivateAddresses'
> & {
  registry: TrackerRegistry;
};
