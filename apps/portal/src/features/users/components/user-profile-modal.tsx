import { Alert, Button, Group, Modal, Stack, Tabs, TextInput } from '@mantine/core';
import type { TOrgUser, TProject } from '@waymark/core';
import { useState } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import type { UserInfo } from '../api/use-user-mutations';
import { REQUIRED_FIELDS_MESSAGE } from '../user-messages';
import { ProjectChecklist } from './project-checklist';

type Tab = 'info' | 'projects';

/** Props of {@link UserProfileModal}. */
export type UserProfileModalProps = {
  /** Edit mode with a user (it has a userId), create mode without (spec §4). */
  user: TOrgUser | null;
  projects: readonly TProject[];
  isSaving: boolean;
  onInvite: (input: UserInfo & { projectIds: number[] }) => void;
  onSaveProjects: (input: { userId: number; before: number[]; after: number[] }) => void;
  onClose: () => void;
};

/** True when all three required fields (spec §5) hold more than spaces. */
export function isUserInfoComplete(info: UserInfo): boolean {
  return [info.firstName, info.lastName, info.email].every((value) => value.trim() !== '');
}

/**
 * spec §2, §4 User Profile modal: the User Info tab (first name, last name, e-mail, required)
 * with Next, then Project Access with Back and Save. Create mode invites; edit mode shows the
 * user's details read-only and saves only the project difference. Render it with a `key` per
 * user so each opening starts fresh.
 */
export function UserProfileModal(props: UserProfileModalProps) {
  const { user, projects, isSaving, onClose } = props;
  const { showBanner } = useBanner();
  const before = user?.projects.map((project) => project.projectId) ?? [];
  const [tab, setTab] = useState<Tab>('info');
  const [info, setInfo] = useState<UserInfo>({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
  });
  const [selected, setSelected] = useState<number[]>(before);
  const [isIncomplete, setIncomplete] = useState(false);

  const goToProjects = () => {
    if (!isUserInfoComplete(info)) {
      // spec §5: the banner says so; the modal repeats it where the user is looking.
      showBanner(REQUIRED_FIELDS_MESSAGE, 'error');
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    setTab('projects');
  };
  const save = () => {
    if (user) props.onSaveProjects({ userId: user.userId, before, after: selected });
    else props.onInvite({ ...info, projectIds: selected });
  };
  const field = (name: keyof UserInfo, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      withAsterisk
      required
      readOnly={user !== null}
      value={info[name]}
      error={isIncomplete && info[name].trim() === '' ? `${label} is required` : undefined}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setInfo((current) => ({ ...current, [name]: value }));
      }}
    />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title="User Profile"
      size="lg"
      centered
      // Inside <main>, the modal's <header> is not a second banner landmark (axe).
      withinPortal={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Tabs value={tab} onChange={(value) => value === 'info' && setTab('info')}>
        <Tabs.List>
          <Tabs.Tab value="info">User Info</Tabs.Tab>
          <Tabs.Tab value="projects" onClick={goToProjects}>
            Project Access
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <Stack gap="sm">
            {isIncomplete && (
              <Alert color="red" role="alert">
                {REQUIRED_FIELDS_MESSAGE}
              </Alert>
            )}
            {field('firstName', 'First name')}
            {field('lastName', 'Last name')}
            {field('email', 'E-mail', 'email')}
            <Group justify="flex-end">
              <Button onClick={goToProjects}>Next</Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="projects" pt="md">
          <Stack gap="md">
            <ProjectChecklist projects={projects} selected={selected} onChange={setSelected} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => setTab('info')}>
                Back
              </Button>
              <Button onClick={save} loading={isSaving}>
                Save
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
