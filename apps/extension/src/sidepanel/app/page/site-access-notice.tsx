import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useChromeApi } from '../../../ui/index';
import { toOriginPattern } from '../../../platform/index';
import { useRequestSiteAccess } from '../../shared/site-access/use-request-site-access';
import { queryKeys } from '../../shared/data/query-keys';

/** Offers the toolbar item count for a project's site the user has not granted access to yet. */
export function SiteAccessNotice({ pageUrl }: { pageUrl: string }) {
  const api = useChromeApi();
  const requestAccess = useRequestSiteAccess();
  const pattern = toOriginPattern(pageUrl);
  const granted = useQuery({
    queryKey: queryKeys.siteAccess(pattern),
    queryFn: () => (pattern ? api.permissions.contains([pattern]) : true),
  });
  if (granted.data !== false) return null;
  const ask = () => void requestAccess(pageUrl);
  return (
    <Text size="xs" c="dimmed">
      Waymark can show the number of items of this site&apos;s pages on its toolbar icon.{' '}
      <Button variant="subtle" size="compact-xs" onClick={ask}>
        Show the item count for this site
      </Button>
    </Text>
  );
}
