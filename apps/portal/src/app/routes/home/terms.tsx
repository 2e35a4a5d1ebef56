import { Container } from '@mantine/core';
import { PageHeader } from '../../../components/page-header/page-header';
import { TERMS_EFFECTIVE_DATE, TermsDocument } from '../../../features/legal';
import { usePageMeta } from '../../../hooks/use-page-meta';

/** Route module of /home/terms: Terms of Use and Privacy Policy in 18 clauses (spec §2). */
export function Component() {
  usePageMeta(
    'Terms of Use and Privacy Policy',
    'The terms for using Waymark — subscriptions, the free trial, billing, cancellation, liability — and what the extension reads and never reads.',
  );
  return (
    <>
      <PageHeader
        title="Terms of Use and Privacy Policy"
        lead={`Effective ${TERMS_EFFECTIVE_DATE}. Plain-language terms for using Waymark, followed by how we handle your data.`}
      />
      <Container size="md" py={{ base: 40, sm: 64 }}>
        <TermsDocument />
      </Container>
    </>
  );
}
