import { Button, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { useBanner } from '../../../components/banner/use-banner';
import { getErrorMessage } from '../../../lib/error-message';
import { readOrgId } from '../../../lib/org-storage';
import { auditActorsQuery, auditEventsQuery, downloadAuditCsv } from '../api/audit-queries';
import { EMPTY_AUDIT_FILTER, toAuditFilter } from '../audit-filter';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

/**
 * Issue 33: the organization's audit log for its admins — who invited, removed, granted, changed
 * the plan or deleted what, when and from where — filtered, paged and exported as CSV.
 */
export function AuditLogScreen() {
  const orgId = readOrgId();
  const { showBanner } = useBanner();
  const [form, setForm] = useState(EMPTY_AUDIT_FILTER);
  // Typing in the target box asks once the typing pauses, not per key.
  const [settled] = useDebouncedValue(form, 300);
  const filter = useMemo(() => toAuditFilter(settled), [settled]);
  const events = useInfiniteQuery(auditEventsQuery(orgId, filter));
  const users = useQuery(auditActorsQuery(orgId));
  const [isExporting, setExporting] = useState(false);
  const actors = (users.data ?? []).map((user) => ({
    value: String(user.userId),
    label: user.fullName.trim() || user.email,
  }));
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(orgId, filter);
    } catch (error) {
      showBanner(getErrorMessage(error), 'error');
    } finally {
      setExporting(false);
    }
  };
  return (
    <AdminPage title="Audit Log">
      <Text size="sm">
        Every administrative change to this organization: invitations, removals, access, plan,
        licences, payment methods, deletions, API keys, webhooks and exports. Entries cannot be
        changed or deleted; they are kept for the retention period your server sets.
      </Text>
      <AuditFilters
        value={form}
        actors={actors}
        onChange={setForm}
        onReset={() => setForm(EMPTY_AUDIT_FILTER)}
      />
      <Group justify="flex-end">
        <Button variant="light" loading={isExporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </Group>
      {events.isError ? (
        <Text c="red" role="alert">
          {getErrorMessage(events.error)}
        </Text>
      ) : (
        <AuditTable events={rows} />
      )}
      {events.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={events.isFetchingNextPage}
            onClick={() => void events.fetchNextPage()}
          >
            Load older events
          </Button>
        </Group>
      )}
    </AdminPage>
  );
}
