import { Alert } from '@mantine/core';
import { useBanner } from './use-banner';

/** The dismissible message strip of the admin header; renders nothing without a message. */
export function Banner() {
  const { message, dismissBanner } = useBanner();
  if (!message) return null;
  return (
    <Alert
      key={message.id}
      color={message.tone === 'error' ? 'red' : 'waymark'}
      variant="light"
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={dismissBanner}
      role={message.tone === 'error' ? 'alert' : 'status'}
    >
      {message.text}
    </Alert>
  );
}
