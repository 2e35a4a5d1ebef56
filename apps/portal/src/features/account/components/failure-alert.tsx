import { Alert } from '@mantine/core';
import { getErrorMessage } from '../../../lib/error-message';

/** Props of {@link FailureAlert}. */
export type FailureAlertProps = {
  /** The failed call's error; nothing is shown while it is null or undefined. */
  error: unknown;
};

/**
 * Why a billing change failed, inside its dialog. spec §8 only logs these failures; the dialog
 * also shows the server's words (e.g. "Your card was declined."), see docs/portal.md.
 */
export function FailureAlert({ error }: FailureAlertProps) {
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" role="alert" mt="sm">
      {getErrorMessage(error)}
    </Alert>
  );
}
