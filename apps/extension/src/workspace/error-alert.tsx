import { Alert } from '@mantine/core';

/** A failed call's message (the server's words for a 4xx) under a title saying what failed. */
export function ErrorAlert({ error, title }: { error: Error; title: string }) {
  return (
    <Alert color="red" title={title} role="alert">
      {error.message}
    </Alert>
  );
}
