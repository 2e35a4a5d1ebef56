import { Anchor, Group, Progress, Skeleton, Text } from '@mantine/core';
import type { TLicenseInfo } from '@waymark/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** spec §2: Manage Licenses opens the Account screen with the Manage Licenses modal open. */
const MANAGE_LICENSES_HREF = `${paths.app.account.getHref()}?openModule=true`;

/** Props of {@link LicenseUsage}. */
export type LicenseUsageProps = { info: TLicenseInfo | undefined };

/** spec §2 Users screen: the licence usage bar (assigned of total) and Manage Licenses. */
export function LicenseUsage({ info }: LicenseUsageProps) {
  const label = info
    ? `${info.assignedLicenseCount} of ${info.totalLicenseCount} licenses assigned`
    : 'Loading licenses';
  const percent =
    info && info.totalLicenseCount > 0
      ? (100 * info.assignedLicenseCount) / info.totalLicenseCount
      : 0;
  return (
    <>
      {info ? <Progress value={percent} size="lg" aria-label={label} /> : <Skeleton height={16} />}
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Text data-testid="license-usage">{label}</Text>
        <Anchor component={Link} to={MANAGE_LICENSES_HREF}>
          Manage Licenses
        </Anchor>
      </Group>
    </>
  );
}
