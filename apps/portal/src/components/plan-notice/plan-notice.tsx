import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Props of {@link PlanNotice}. */
export type PlanNoticeProps = {
  /** What the plan limits, naming the plan to upgrade to (e.g. from formatFeatureLimit). */
  children: string;
};

/** A line saying what the plan does not allow, with a link to the Account screen to upgrade. */
export function PlanNotice({ children }: PlanNoticeProps) {
  return (
    <Text size="sm" c="dimmed">
      {children}{' '}
      <Anchor component={Link} to={paths.app.account.getHref()} size="sm">
        Manage your plan
      </Anchor>
    </Text>
  );
}
