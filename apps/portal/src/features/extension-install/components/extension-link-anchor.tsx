import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getExtensionLink } from '../extension-link';

/** A text link to the extension: its store listing in a new tab, or this portal's install page. */
export function ExtensionLinkAnchor({ children }: { children: ReactNode }) {
  const target = getExtensionLink();
  if (target.isExternal)
    return (
      <Anchor href={target.href} target="_blank" rel="noopener noreferrer" fw={600}>
        {children}
      </Anchor>
    );
  return (
    <Anchor component={Link} to={target.href} fw={600}>
      {children}
    </Anchor>
  );
}
