import { lazyStyled } from '../../shared/mantine-styles/all-mantine-styles';

// Off the first screen: Mantine's Modal (with its scroll lock and focus trap) loads when the
// menu's Leave organization is first chosen (issue 34: the panel's first click).
/** The Leave organization confirmation (lazy). */
export const LeaveOrgDialog = lazyStyled(() =>
  import('./leave-org-dialog').then((m) => ({ default: m.LeaveOrgDialog })),
);
