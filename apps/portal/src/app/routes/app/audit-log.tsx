import { AuditLogScreen } from '../../../features/audit-log';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /app/audit-log (issue 33). */
export function Component() {
  usePageMeta(
    'Audit Log',
    'Who changed what in your organization, when and from where: filter it and export it as CSV.',
  );
  return <AuditLogScreen />;
}
