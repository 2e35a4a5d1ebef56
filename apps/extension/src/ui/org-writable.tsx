import { createContext, useContext, type ReactNode } from 'react';

const OrgWritableContext = createContext(true);

/**
 * Whether the selected organization may be changed: false while its owner has closed it
 * (issue 33, decision 0063), when the server refuses every write with 409. Every write action of
 * the panel (new item, edit, delete, status, notes, attachments, pins, tracker, URL rules) asks
 * this and is hidden, so nobody fills a form only to be refused; reading stays as it was.
 */
export function OrgWritable({
  isWritable,
  children,
}: {
  isWritable: boolean;
  children: ReactNode;
}) {
  return <OrgWritableContext.Provider value={isWritable}>{children}</OrgWritableContext.Provider>;
}

/** False inside a closed organization (see {@link OrgWritable}); true elsewhere. */
export function useIsOrgWritable(): boolean {
  return useContext(OrgWritableContext);
}
