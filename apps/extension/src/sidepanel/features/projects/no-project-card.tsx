import { Divider, Stack, Text, Title } from '@mantine/core';
import { AddSiteForm } from './add-site-form';
import { CreateProjectForm } from './create-project-form';

/** A site in no project the user can open: create one for it, or (admins) add it to one. */
export function NoProjectCard({
  orgId,
  pageUrl,
  isAdmin,
  onChanged,
}: {
  orgId: number;
  pageUrl: string;
  isAdmin: boolean;
  onChanged: () => void;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="no-project-heading">
      <Title order={2} size="h5" id="no-project-heading">
        This site is in no project
      </Title>
      <Text size="sm">
        Items are recorded per project. Create a project for this site, or ask your administrator
        for access if your team already has one.
      </Text>
      <CreateProjectForm orgId={orgId} pageUrl={pageUrl} onCreated={onChanged} />
      {isAdmin && (
        <>
          <Divider />
          <AddSiteForm orgId={orgId} pageUrl={pageUrl} onAdded={onChanged} />
        </>
      )}
    </Stack>
  );
}
