import { SimpleGrid } from '@mantine/core';
import { PLAN_IDS, type TLicenseInfoDetail, type TPaymentHistoryRow } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { useBanner } from '../../../components/banner/use-banner';
import { readOrgId } from '../../../lib/org-storage';
import { OrganizationExportCard } from '../../data-export';
import { useOrganizations } from '../../../lib/organizations';
import { CloseOrganizationPanel, ClosedOrganizationPanel } from '../../close-organization';
import {
  licenseInfoQuery,
  orgPlanInfoQuery,
  attachmentStorageQuery,
  paymentHistoryQuery,
  paymentMethodQuery,
  planOptionsQuery,
} from '../api/account-queries';
import {
  useCancelPlan,
  useDetachPaymentMethod,
  useRefreshAccount,
  useUndoPlanChange,
} from '../api/use-billing-mutations';
import { canCancelPlan } from '../plan-outlook';
import { useCompletePayment } from '../api/use-complete-payment';
import { CompletePaymentContext } from '../complete-payment-context';
import { AccountPlanPanel } from './account-plan-panel';
import { CancelPlanDialog } from './cancel-plan-dialog';
import { LicensesPanel } from './licenses-panel';
import { ManageLicensesDialog } from './manage-licenses-dialog';
import { ManagePlanDialog } from './manage-plan-dialog';
import { PaymentHistoryPanel } from './payment-history-panel';
import { PaymentMethodDialog } from './payment-method-dialog';
import { PaymentActionBanner } from './payment-action-banner';
import { PaymentMethodPanel } from './payment-method-panel';
import { ProcessingPaymentsNotice } from './processing-payments-notice';
import { PlanFeaturesPanel } from './plan-features-panel';
import { ReceiptDialog } from './receipt-dialog';
import { RemoveLicensesDialog } from './remove-licenses-dialog';
import { SandboxAuthenticationDialog } from './sandbox-authentication-dialog';
import { SearchLanguagePanel } from './search-language-panel';

/** Which of the screen's dialogs is open. */
type OpenDialog =
  | { name: 'none' }
  | { name: 'managePlan'; isLicenseOnly: boolean }
  | { name: 'manageLicenses' }
  | { name: 'removeLicenses'; count: number }
  | { name: 'paymentMethod' }
  | { name: 'cancelPlan' };

/** spec §2: the query parameter that opens Manage Licenses (the Users screen links with it). */
const OPEN_MODULE_PARAM = 'openModule';

/**
 * Manage Licenses for the plan (spec §2): the paid or trial dialog, or on Free, where licence
 * management is off, the licence-only dialog that says to upgrade.
 */
function licenseDialogFor(licenses: TLicenseInfoDetail): OpenDialog {
  return licenses.canManageLicenses
    ? { name: 'manageLicenses' }
    : { name: 'managePlan', isLicenseOnly: true };
}

/**
 * spec §2 Account screen: Account Plan, Licenses, plan features, Payment Method and Payment
 * History with Cancel Plan, and every dialog they open. `?openModule=true` opens Manage Licenses.
 * Issue 33: the owner's Close organization danger zone; a closed organization's state instead.
 */
export function AccountScreen() {
  const orgId = readOrgId();
  const planInfo = useQuery(orgPlanInfoQuery(orgId));
  const licenses = useQuery(licenseInfoQuery(orgId));
  const options = useQuery(planOptionsQuery(orgId));
  const paymentMethod = useQuery(paymentMethodQuery(orgId));
  const history = useQuery(paymentHistoryQuery(orgId));
  const storage = useQuery(attachmentStorageQuery(orgId));
  const [chosenDialog, setDialog] = useState<OpenDialog>({ name: 'none' });
  const [receipt, setReceipt] = useState<TPaymentHistoryRow | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const { showBanner } = useBanner();
  const refresh = useRefreshAccount(orgId);

  // spec §2: ?openModule opens Manage Licenses once the licences are known. The first change of
  // dialog drops the parameter, so closing it (or a reload) does not open it again.
  const isOpenModuleAsked = searchParams.has(OPEN_MODULE_PARAM);
  const dialog: OpenDialog =
    isOpenModuleAsked &&
    chosenDialog.name === 'none' &&
    licenses.data &&
    planInfo.data &&
    options.data
      ? licenseDialogFor(licenses.data)
      : chosenDialog;
  const show = (next: OpenDialog) => {
    if (isOpenModuleAsked)
      setSearchParams(
        (params) => {
          params.delete(OPEN_MODULE_PARAM);
          return params;
        },
        { replace: true },
      );
    setDialog(next);
  };
  const close = () => show({ name: 'none' });
  const cancel = useCancelPlan(orgId, { onDone: close });
  const detach = useDetachPaymentMethod(orgId, {
    onDetached: () => show({ name: 'paymentMethod' }),
  });
  const undo = useUndoPlanChange(orgId);
  const completion = useCompletePayment(orgId);
  const completePayment = () => {
    close();
    void completion.start();
  };

  const info = planInfo.data;
  const org = useOrganizations().data?.find((candidate) => candidate.orgId === orgId);
  // Issue 33: a closed organization has no plan to manage; the screen says so and what is left.
  if (org?.closure)
    return (
      <AdminPage title="Account">
        <ClosedOrganizationPanel org={{ ...org, closure: org.closure }}>
          <OrganizationExportCard orgId={orgId} />
        </ClosedOrganizationPanel>
      </AdminPage>
    );
  return (
    <AdminPage title="Account">
      <PaymentActionBanner orgId={orgId} completion={completion} />
      <ProcessingPaymentsNotice orgId={orgId} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <AccountPlanPanel
          info={info}
          onManagePlan={() => show({ name: 'managePlan', isLicenseOnly: false })}
          onUndoChange={(planId) => undo.mutate(planId)}
          isUndoing={undo.isPending}
        />
        <LicensesPanel
          info={licenses.data}
          onManageLicenses={() => licenses.data && show(licenseDialogFor(licenses.data))}
        />
      </SimpleGrid>
      <PlanFeaturesPanel planId={info?.currentPlanId} storage={storage.data} />
      <SearchLanguagePanel orgId={orgId} />
      <PaymentMethodPanel
        info={paymentMethod.data}
        isRemoving={detach.isPending}
        onAdd={() => show({ name: 'paymentMethod' })}
        onRemove={(id) => detach.mutate(id)}
      />
      {/* Full width (issue 25): beside the card, the amount and receipt did not fit at 1366 px. */}
      <PaymentHistoryPanel
        rows={history.data}
        canCancel={Boolean(info && canCancelPlan(info))}
        onReceipt={setReceipt}
        onCancelPlan={() => show({ name: 'cancelPlan' })}
      />
      <OrganizationExportCard orgId={orgId} />

      <CompletePaymentContext value={completePayment}>
        {dialog.name === 'managePlan' && info && licenses.data && options.data && (
          <ManagePlanDialog
            orgId={orgId}
            planInfo={info}
            licenses={licenses.data}
            options={options.data}
            isLicenseOnly={dialog.isLicenseOnly}
            onClose={close}
          />
        )}
        {dialog.name === 'manageLicenses' && licenses.data && (
          <ManageLicensesDialog
            orgId={orgId}
            licenses={licenses.data}
            planInfo={info}
            onRemove={(count) => show({ name: 'removeLicenses', count })}
            onClose={close}
          />
        )}
      </CompletePaymentContext>
      {dialog.name === 'removeLicenses' && licenses.data && (
        <RemoveLicensesDialog
          orgId={orgId}
          licenses={licenses.data}
          count={dialog.count}
          onClose={close}
        />
      )}
      <PaymentMethodDialog
        orgId={orgId}
        opened={dialog.name === 'paymentMethod'}
        onClose={close}
        onSaved={(message) => {
          close();
          showBanner(message);
          void refresh();
        }}
      />
      <CancelPlanDialog
        opened={dialog.name === 'cancelPlan'}
        planName={info?.currentPlanName ?? ''}
        isTrial={info?.currentPlanId === PLAN_IDS.standardTrial}
        isWorking={cancel.isPending}
        error={cancel.error}
        onConfirm={() => cancel.mutate()}
        onClose={close}
      />
      <ReceiptDialog row={receipt} onClose={() => setReceipt(null)} />
      <SandboxAuthenticationDialog completion={completion} />
      {org && <CloseOrganizationPanel org={org} />}
    </AdminPage>
  );
}
