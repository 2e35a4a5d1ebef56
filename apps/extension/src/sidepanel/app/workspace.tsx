import { Alert, Button, Loader, Text } from '@mantine/core';
import type { SessionInfo } from '../../messaging/index';
import { useChromeApi, useServerUrl } from '../../ui/index';
import { ErrorAlert } from '../shared/error-alert';
import {
  ClosedOrgNotice,
  LinkedItemOutside,
  OrgSwitcher,
  PendingInvitations,
  useLinkedItemOrg,
  useOrgSelection,
} from '../features/orgs/index';
import { isWebPage } from '../shared/is-web-page';
import { OrgWritable } from '../../ui/index';
import { NotAWebPage, PagePanel } from './page/page-panel';
import classes from '../shared/plain-layout.module.css';
import { AccountMenu, SignInCard, useSession } from '../features/session/index';
import type { ActiveTabState } from '../shared/use-active-tab';

/** The part of the panel that needs a signed-in user: sign-in, organization, the page's items. */
export function Workspace({ tabState }: { tabState: ActiveTabState }) {
  const session = useSession();
  if (session.isPending) return <Loader size="sm" aria-label="Checking who is signed in" />;
  if (session.isError)
    return (
      <ErrorAlert error={session.error} title="Waymark is not ready. Close and reopen the panel." />
    );
  if (!session.data.signedIn) return <SignInCard />;
  return <SignedInWorkspace session={session.data} tabState={tabState} />;
}

function SignedInWorkspace({
  session,
  tabState,
}: {
  session: Extract<SessionInfo, { signedIn: true }>;
  tabState: ActiveTabState;
}) {
  const orgs = useOrgSelection();
  const { org, isAdmin } = orgs.selection;
  const tab = tabState.status === 'ready' ? tabState.tab : null;
  // A mail link to an item of another of the user's organizations switches to it first.
  const linked = useLinkedItemOrg({
    tab: tab?.url && isWebPage(tab.url) ? { tabId: tab.tabId, url: tab.url } : null,
    orgs: orgs.selection.orgs,
    selectedOrgId: org?.orgId ?? null,
    select: (orgId) => orgs.selection.select(orgId),
  });
  return (
    <div className={classes.stack}>
      <AccountMenu session={session} />
      <PendingInvitations />
      {orgs.isPending && <Loader size="sm" aria-label="Loading your organizations" />}
      {orgs.isError && <ErrorAlert error={orgs.error} title="Cannot load your organizations" />}
      {orgs.isSuccess && !org && <NoOrganization />}
      {org && (
        <>
          <OrgSwitcher selection={orgs.selection} />
          <ClosedOrgNotice org={org} />
          {tab && !isWebPage(tab.url) && <NotAWebPage />}
          {linked.state === 'outside' && <LinkedItemOutside itemId={linked.itemId} />}
          {linked.state === 'finding' && (
            <Loader size="sm" aria-label="Finding the organization of the linked item" />
          )}
          {tab && isWebPage(tab.url) && linked.state !== 'finding' && (
            <OrgWritable isWritable={!org.closure}>
              <PagePanel
                key={`${tab.tabId}|${tab.url}|${org.orgId}`}
                tab={tab}
                pageUrl={tab.url}
                orgId={org.orgId}
                isAdmin={isAdmin}
              />
            </OrgWritable>
          )}
        </>
      )}
    </div>
  );
}

function NoOrganization() {
  const api = useChromeApi();
  const serverUrl = useServerUrl();
  return (
    <Alert variant="light" title="You are not in an organization yet">
      <Text size="sm">
        Items belong to an organization. Accept the invitation your administrator sent you, or
        create your own organization on the Waymark site.
      </Text>
      <Button
        size="xs"
        mt="xs"
        onClick={() => void api.tabs.create({ url: `${serverUrl ?? ''}/client/`, active: true })}
      >
        Open the Waymark site
      </Button>
    </Alert>
  );
}
