// @vitest-environment jsdom
import '../../testing/setup-dom';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuerySpinnerOverlay } from './query-spinner-overlay';

function PendingQuery({ promise }: { promise: Promise<string> }) {
  useQuery({ queryKey: ['slow'], queryFn: () => promise });
  return null;
}

describe('spinner overlay (spec §2)', () => {
  it('shows while a query is in flight and goes away when it settles', async () => {
    let resolve: (value: string) => void = () => undefined;
    const promise = new Promise<string>((done) => (resolve = done));
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <PendingQuery promise={promise} />
          <QuerySpinnerOverlay />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await waitFor(() => expect(screen.queryAllByLabelText('Loading')).toHaveLength(1));
    resolve('done');
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull());
  });
});
