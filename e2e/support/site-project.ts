import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { callApiAs, newTestUser, signUpThroughExtension, type TestUser } from './extension-session';
import type { SidePanel } from './side-panel';

/** A signed-up user's organization with one project on both origins of the test site. */
export type SiteProject = {
  user: TestUser;
  orgId: number;
  projectId: number;
  /** Calls the API as the user. */
  call: <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;
  /** Records an item titled `title` on `relativePath` (the organization's first type and status). */
  record(relativePath: string, title: string): Promise<number>;
};

/**
 * Signs a new user up through the extension in the side panel, gives them the organization
 * `orgName` (on the trial) with the project `projectName` for both `origins` (two environments).
 */
export async function createSiteProject(input: {
  sidePanel: SidePanel;
  context: BrowserContext;
  request: APIRequestContext;
  serverUrl: string;
  user: [firstName: string, lastName: string];
  orgName: string;
  projectName: string;
  origins: readonly [string, string];
}): Promise<SiteProject> {
  const user = newTestUser(...input.user);
  await signUpThroughExtension(input.context, input.sidePanel.page, user);
  const token = await input.sidePanel.accessToken();
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    callApiAs<T>(input.request, input.serverUrl, token, method, path, body);
  await call('POST', '/api/account/createOrgExistingUser', { orgName: input.orgName });
  const [org] = await call<{ orgId: number }[]>('GET', '/api/account/getOrgs');
  const orgId = org!.orgId;
  const { projectId } = await call<{ projectId: number }>('POST', '/api/project/createProject', {
    orgId,
    projectName: input.projectName,
    baseUrl: input.origins[0],
  });
  await call('POST', '/api/project/saveAssociatedSite', { projectId, baseUrl: input.origins[1] });
  const [type] = await call<{ itemTypeId: number }[]>(
    'GET',
    `/api/item/getItemTypeOptions/${orgId}`,
  );
  const [status] = await call<{ itemStatusId: number }[]>(
    'GET',
    `/api/item/getStatusOptions/${orgId}`,
  );
  const record = async (relativePath: string, title: string) =>
    (
      await call<{ itemId: number }>('POST', '/api/item/createItem', {
        projectId,
        relativePath,
        title,
        itemTypeId: type!.itemTypeId,
        itemStatusId: status!.itemStatusId,
      })
    ).itemId;
  return { user, orgId, projectId, call, record };
}
