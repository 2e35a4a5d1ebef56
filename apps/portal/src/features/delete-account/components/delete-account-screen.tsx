import {
  Alert,
  Anchor,
  Button,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@waymark/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { apiClient } from '../../../lib/api-client';
import { loadAuthConfig } from '../../../lib/auth/auth-config';
import { forgetDeletedUser } from '../../../lib/auth/session';
import { getErrorMessage } from '../../../lib/error-message';

/**
 * Issue 33: a signed-in person deletes their own account (decision 0054), from the portal's menu
 * or the extension's. It says what goes and what stays, asks for the current password (or, with
 * an external identity provider, the account's e-mail address), shows a refusal in place (the
 * Owner, the only admin) and, once done, forgets the local session.
 */
export function DeleteAccountScreen() {
  const authConfig = useQuery({ queryKey: ['auth-config'], queryFn: loadAuthConfig });
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => apiClient.call(routes.deleteAccount, { body: { confirmation } }),
    onSuccess: async (text) => {
      setDone(text);
      await forgetDeletedUser();
    },
  });
  if (done !== null)
    return (
      <Stack gap="md" maw={640}>
        <Title order={1}>Your account has been deleted</Title>
        <Text role="status">{done}</Text>
        <Anchor component={Link} to={paths.home.productInfo.getHref()}>
          Back to the Waymark home page
        </Anchor>
      </Stack>
    );
  const isEmbedded = authConfig.data?.isEmbedded ?? true;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmation.trim() !== '') remove.mutate();
  };
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Delete your account</Title>
      <Stack gap="xs">
        <Text>Deleting your account cannot be undone. It removes:</Text>
        <List size="sm">
          <List.Item>your name, e-mail address, password and every session;</List.Item>
          <List.Item>your memberships of organizations (your licences are freed);</List.Item>
          <List.Item>your API tokens, notifications, watches and saved views.</List.Item>
        </List>
        <Text>
          The items and notes you wrote stay with their organizations, shown as written by
          &ldquo;Former member&rdquo;. If you own an organization, close it first; if you are the
          only admin of one, make someone else an admin first.
        </Text>
      </Stack>
      <Paper withBorder p="md" component="form" onSubmit={onSubmit} aria-labelledby="delete-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="delete-title">
            Confirm
          </Title>
          {isEmbedded ? (
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
            />
          ) : (
            <TextInput
              label="Type your account's e-mail address"
              type="email"
              autoComplete="email"
              required
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
            />
          )}
          {remove.isError && (
            <Alert color="red" role="alert" title="Your account was not deleted">
              {getErrorMessage(remove.error)}
            </Alert>
          )}
          {/* red.8: white on Mantine's default red is below 4.5:1 (axe color-contrast). */}
          <Button type="submit" color="red.8" loading={remove.isPending} w="fit-content">
            Delete my account
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
