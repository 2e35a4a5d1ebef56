import { Anchor } from '@mantine/core';
import { formatFeatureAvailability, type Feature } from '@waymark/core';
import { useServerUrl } from '../../ui/index';

/** The portal's plans and pricing page (spec §2), where the plans' features are compared. */
export const PLANS_PRICING_PATH = '/client/home/plans-pricing';

/** Says which plans include `feature`, linking to the plans page: "Available on Basic and higher". */
export function PlanGateNote({ feature }: { feature: Feature }) {
  const serverUrl = useServerUrl();
  return (
    <Anchor
      size="xs"
      href={serverUrl ? `${serverUrl}${PLANS_PRICING_PATH}` : undefined}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={`plan-gate-${feature}`}
    >
      {formatFeatureAvailability(feature)}
    </Anchor>
  );
}
