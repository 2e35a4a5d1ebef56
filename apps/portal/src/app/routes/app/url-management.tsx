import { ProjectsScreen } from '../../../features/projects';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /app/url-management, the Projects screen (/app/projects redirects here). */
export function Component() {
  usePageMeta('Projects', 'Rename projects and manage their associated domains and URL paths.');
  return <ProjectsScreen />;
}
