import { DataFieldsScreen } from '../../../features/data-fields';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /app/data-fields. */
export function Component() {
  usePageMeta(
    'Data Fields',
    'The statuses, item types and releases your team picks from in the extension.',
  );
  return <DataFieldsScreen />;
}
