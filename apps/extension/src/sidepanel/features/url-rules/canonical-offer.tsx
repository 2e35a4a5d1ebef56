import { Alert, Button, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { sendRequest } from '../../../messaging/index';
import { useChromeApi } from '../../../ui/index';
import { useCallApi } from '../../shared/use-call-api';

/** Props of {@link CanonicalOffer}. */
export type CanonicalOfferProps = {
  tabId: number;
  pageUrl: string;
  orgId: number;
  projectId: number;
  /** Where the page's items live now (getPageItems `pageKey`). */
  pageKey: string;
  /** After the link is accepted: the page is looked up again and shows the canonical page. */
  onAccepted: () => void;
};

/**
 * Issue 31, canonical links: when the page declares `<link rel=canonical>` naming another page of
 * the same project (any of its environments, read with the project's URL rules by the server's
 * own page lookup), the panel offers "Treat this page as /products/shoe". Accepting makes this
 * page's path an alias of the canonical page for the whole project (decision 0066). Nothing is
 * shown where the link names this page, another project's page or another site (nor, by the
 * page panel, on a page under a URL template: the template is its page).
 */
export function CanonicalOffer(props: CanonicalOfferProps) {
  const { tabId, pageUrl, orgId, projectId, pageKey } = props;
  const api = useChromeApi();
  const callApi = useCallApi();
  const titleId = useId();
  const send = useCallback((message: unknown) => api.runtime.sendMessage(message), [api]);
  const link = useQuery({
    queryKey: ['canonicalLink', tabId, pageUrl],
    // A worker that answered nothing (a listener gone mid-restart) means no link: TanStack Query
    // refuses undefined as data and would keep the query failed.
    queryFn: async () => (await sendRequest(send, 'getCanonicalLink', { tabId })) ?? null,
    staleTime: Infinity,
  });
  const canonicalUrl = link.data ?? null;
  const target = useQuery({
    queryKey: ['canonicalPage', canonicalUrl, orgId, projectId],
    enabled: canonicalUrl !== null,
    queryFn: () =>
      callApi('getPageItems', {
        query: { pageUrl: canonicalUrl!, orgId: String(orgId), projectId: String(projectId) },
      }),
    staleTime: 30_000,
  });
  const accept = useMutation({
    mutationFn: () =>
      callApi('acceptCanonicalLink', {
        body: { projectId, pageUrl, canonicalUrl: canonicalUrl! },
      }),
    onSuccess: props.onAccepted,
  });
  const page = target.data;
  if (!canonicalUrl || !page || page.projectId !== projectId || !page.relativePath) return null;
  if (page.pageKey === pageKey) return null;
  const address = page.relativePath;
  return (
    <Alert
      variant="light"
      color="blue"
      p="xs"
      role="region"
      aria-labelledby={titleId}
      data-testid="canonical-offer"
    >
      <Text id={titleId} size="xs">
        This page says its address is <code>{address}</code>
      </Text>
      <Button
        mt={4}
        size="compact-xs"
        variant="light"
        loading={accept.isPending}
        onClick={() => accept.mutate()}
      >
        Treat this page as {address}
      </Button>
      {accept.error && (
        <Text size="xs" c="red.8" role="alert" mt={4}>
          {accept.error.message}
        </Text>
      )}
    </Alert>
  );
}
