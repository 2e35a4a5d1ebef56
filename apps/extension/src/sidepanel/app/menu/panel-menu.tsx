import { IconMenu2 } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { CheatSheet } from '../../shared/keyboard/cheat-sheet';
import { FirstUse } from '../../shared/first-use/first-use';
import { PlainActionIcon } from '../../shared/plain-controls/plain-action-icon';
import { LeaveOrgDialog, useOrgSelection } from '../../features/orgs/index';
import { useSessionQuery } from '../../features/session/index';
import { OpenedPanelMenu } from './lazy-views';
import { MENU_BUTTON, MENU_ICON } from './menu-button';

/**
 * The panel's menu button in the header (the menu itself: `opened-panel-menu.tsx`). Until its
 * first click it is a plain button, so Mantine's Menu and floating-ui are neither loaded nor
 * rendered before the panel is interactive (issue 34); that click mounts the menu, open. The
 * keyboard shortcuts' dialog and the Leave organization dialog live here, outside the menu.
 */
export function PanelMenu() {
  const session = useSessionQuery();
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  const isSignedIn = session.data?.signedIn === true;
  return (
    <>
      <FirstUse
        plain={(use) => (
          <PlainActionIcon
            {...MENU_BUTTON}
            aria-haspopup="menu"
            aria-expanded={false}
            onClick={use}
          >
            <IconMenu2 {...MENU_ICON} />
          </PlainActionIcon>
        )}
      >
        <OpenedPanelMenu
          isSignedIn={isSignedIn}
          onOpenSheet={() => setIsSheetOpen(true)}
          onLeave={() => setIsLeaving(true)}
        />
      </FirstUse>
      <CheatSheet isOpen={isSheetOpen} onOpenChange={setIsSheetOpen} />
      {isSignedIn && (
        <SelectedOrgLeaveDialog isOpen={isLeaving} onClose={() => setIsLeaving(false)} />
      )}
    </>
  );
}

// Outside the menu: the dropdown unmounts its items when it closes, the dialog must stay. Its
// code loads on the first opening and it stays mounted after, so closing it still animates.
function SelectedOrgLeaveDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { selection } = useOrgSelection();
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);
  if (!selection.org || !wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <LeaveOrgDialog org={selection.org} isOpen={isOpen} onClose={onClose} />
    </Suspense>
  );
}
