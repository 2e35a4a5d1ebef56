import { LoadingOverlay } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** spec §2: the admin dashboard's spinner overlay, shown while any query or mutation is in flight. */
export function QuerySpinnerOverlay() {
  const isBusy = useIsFetching() + useIsMutating() > 0;
  return (
    <LoadingOverlay
      visible={isBusy}
      zIndex={300}
      pos="fixed"
      overlayProps={{ blur: 1 }}
      loaderProps={{ 'aria-label': 'Loading' }}
    />
  );
}
