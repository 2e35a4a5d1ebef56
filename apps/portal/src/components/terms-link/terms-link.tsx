import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { scrollToTop } from './scroll-to-top';

/** Props of {@link TermsLink}. */
export type TermsLinkProps = AnchorProps & { children: ReactNode };

/** A link to home/terms that always lands at the top of the page (spec §2). */
export function TermsLink({ children, ...anchorProps }: TermsLinkProps) {
  return (
    <Anchor component={Link} to={paths.home.terms.getHref()} onClick={scrollToTop} {...anchorProps}>
      {children}
    </Anchor>
  );
}
