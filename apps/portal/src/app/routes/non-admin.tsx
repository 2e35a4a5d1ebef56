import '../../styles/full-styles';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AdminAccessOnly } from '../../features/auth';
import { NewOrganizationModal } from '../../features/organizations';
import { usePageMeta } from '../../hooks/use-page-meta';
import { MinimalLayout } from '../layouts/minimal-layout';

/** Route module of /non-admin (spec §2, §6): Admin Access Only, with Create Organization. */
export function Component() {
  usePageMeta('Admin Access Only', 'The Waymark portal is for organization administrators.');
  const [isCreating, creating] = useDisclosure(false);
  const navigate = useNavigate();
  return (
    <MinimalLayout>
      <AdminAccessOnly onCreateOrganization={creating.open} />
      <NewOrganizationModal
        opened={isCreating}
        title="Create Organization"
        secondaryAction={{ label: 'Cancel', onClick: creating.close }}
        onCreated={() => void navigate(paths.app.root.getHref())}
      />
    </MinimalLayout>
  );
}
