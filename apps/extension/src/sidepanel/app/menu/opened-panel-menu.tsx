import { ActionIcon, Kbd, Menu } from '@mantine/core';
import {
  IconBook,
  IconKey,
  IconKeyboard,
  IconLayoutDashboard,
  IconDoorExit,
  IconDownload,
  IconLogout,
  IconMenu2,
  IconTable,
  IconSettings,
  IconUserX,
} from '@tabler/icons-react';
import { ACTION_LABELS, PORTAL_LINKS } from '@waymark/core';
import { useRef } from 'react';
import { useChromeApi, useServerUrl } from '../../../ui/index';
import { useOrgSelection } from '../../features/orgs/index';
import { useSignInOut } from '../../features/session/index';
import { useCurrentProjectId } from '../current-project';
import { returnFocusTo } from '../../shared/first-use/return-focus';
import { MENU_BUTTON, MENU_ICON as ICON } from './menu-button';

/** Props of {@link OpenedPanelMenu}. */
export type OpenedPanelMenuProps = {
  isSignedIn: boolean;
  /** Keyboard shortcuts: the dialog lives outside the menu, which unmounts its items on close. */
  onOpenSheet: () => void;
  /** Leave organization: the dialog lives outside the menu too. */
  onLeave: () => void;
};

/**
 * The panel's menu (issue 25; the welcome page's Quick tips point to it): the admin portal for
 * administrators, everyone's own API tokens (issue 29), Options, the user guide, the keyboard
 * shortcuts, Leave organization for a member who is not its administrator, Export my data and
 * Delete account (issue 33) and Logout. Mounted open by the header's plain button on its first
 * click (`panel-menu.tsx`); from then on Mantine's Menu gives the keyboard its part: Enter or ↓
 * opens it, arrows move, Esc closes and returns the focus.
 */
export function OpenedPanelMenu({ isSignedIn, onOpenSheet, onLeave }: OpenedPanelMenuProps) {
  const api = useChromeApi();
  const serverUrl = useServerUrl();
  const target = useRef<HTMLButtonElement>(null);
  const openPortal = (path: string) => {
    if (serverUrl !== null) void api.tabs.create({ url: serverUrl + path, active: true });
  };
  return (
    // Inside the header, not portalled: axe wants every piece of the panel in a landmark; and
    // without Mantine's focus placeholder, a focusable div a role="menu" may not contain.
    <Menu
      position="bottom-end"
      width={230}
      withinPortal={false}
      withInitialFocusPlaceholder={false}
      defaultOpened
      // Mounted open, the menu never saw its target focused: give the focus back by hand.
      onClose={() => returnFocusTo(target)}
    >
      <Menu.Target>
        <ActionIcon ref={target} {...MENU_BUTTON}>
          <IconMenu2 {...ICON} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {isSignedIn && <WorkspaceItem />}
        {isSignedIn && <AdminPortalItem onOpen={() => openPortal(PORTAL_LINKS.adminHome)} />}
        {isSignedIn && (
          // Issue 29: every member's own tokens, on a portal page outside the admin area.
          <Menu.Item
            leftSection={<IconKey {...ICON} />}
            onClick={() => openPortal(PORTAL_LINKS.myApiTokens)}
          >
            API tokens
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconSettings {...ICON} />}
          onClick={() => void api.runtime.openOptionsPage()}
        >
          Options
        </Menu.Item>
        <Menu.Item
          leftSection={<IconBook {...ICON} />}
          onClick={() => openPortal(PORTAL_LINKS.userGuide)}
        >
          User guide
        </Menu.Item>
        <Menu.Item
          leftSection={<IconKeyboard {...ICON} />}
          rightSection={<Kbd size="xs">?</Kbd>}
          onClick={onOpenSheet}
        >
          Keyboard shortcuts
        </Menu.Item>
        {isSignedIn && <LeaveOrgItem onLeave={onLeave} />}
        {isSignedIn && (
          // Issue 33: a copy of one's own data is prepared and downloaded in the portal.
          <Menu.Item
            leftSection={<IconDownload {...ICON} />}
            onClick={() => openPortal(PORTAL_LINKS.yourData)}
          >
            Export my data
          </Menu.Item>
        )}
        {isSignedIn && (
          // Issue 33: deleting one's account is a portal page (it asks for the password).
          <Menu.Item
            leftSection={<IconUserX {...ICON} />}
            onClick={() => openPortal(PORTAL_LINKS.deleteAccount)}
          >
            Delete account
          </Menu.Item>
        )}
        {isSignedIn && <LogoutItem />}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The project workspace (issue 28), a full-size extension page in a new tab, on the selected
 * organization and the project the panel's page shows; Alt+Shift+W opens it too (manifest
 * `commands`).
 */
function WorkspaceItem() {
  const api = useChromeApi();
  const { selection } = useOrgSelection();
  const projectId = useCurrentProjectId();
  const orgId = selection.org?.orgId;
  const params = new URLSearchParams();
  if (orgId !== undefined) params.set('org', String(orgId));
  if (orgId !== undefined && projectId !== null) params.set('project', String(projectId));
  const query = params.size === 0 ? '' : `?${params.toString()}`;
  return (
    <Menu.Item
      leftSection={<IconTable {...ICON} />}
      rightSection={<Kbd size="xs">Alt+Shift+W</Kbd>}
      onClick={() =>
        void api.tabs.create({ url: api.runtime.getURL(`workspace.html${query}`), active: true })
      }
    >
      Project workspace
    </Menu.Item>
  );
}

/** The admin portal, offered only to an administrator of the selected organization (spec §6). */
function AdminPortalItem({ onOpen }: { onOpen: () => void }) {
  const { selection } = useOrgSelection();
  if (!selection.isAdmin) return null;
  return (
    <Menu.Item leftSection={<IconLayoutDashboard {...ICON} />} onClick={onOpen}>
      Open the admin portal
    </Menu.Item>
  );
}

/** Leave organization, for a member who is not the selected organization's administrator. */
function LeaveOrgItem({ onLeave }: { onLeave: () => void }) {
  const { selection } = useOrgSelection();
  // Administrators leave from the portal, where handing the organization over is.
  if (!selection.org || selection.isAdmin) return null;
  return (
    <Menu.Item leftSection={<IconDoorExit {...ICON} />} onClick={onLeave}>
      Leave organization
    </Menu.Item>
  );
}

function LogoutItem() {
  const { signOut } = useSignInOut();
  return (
    <Menu.Item leftSection={<IconLogout {...ICON} />} onClick={() => signOut.mutate()}>
      {ACTION_LABELS.logout}
    </Menu.Item>
  );
}
