import type { Feature, TItemDetail } from '@waymark/core';
import { useState, type ReactNode } from 'react';
import {
  EnvironmentFields,
  environmentToHtml,
  usePageEnvironment,
  type PageEnvironment,
} from '../environment/index';
import { AttachmentsSection } from './attachments-section';
import { PendingAttachments } from './pending-attachments';
import { useStartUploads } from './use-attachments';

/** The item type whose new items record the page's environment. */
export const BUG_TYPE = 'Bug';

/** What the item form adds for issue 14: attachments, and a new Bug's environment. */
export type ItemFormExtras = {
  /** The extra form sections for an item of type `typeName`. */
  render(typeName: string | undefined): ReactNode;
  /** The description to save: a new Bug's gets the environment section appended. */
  descriptionFor(typeName: string | undefined, descriptionHtml: string): string;
  /** After a save: uploads the files collected for a new item. */
  afterSave(itemId: number): void;
};

/**
 * The item form's attachments and Bug environment, kept here so the form itself changes little:
 * an existing item shows its attachments section (uploads start at once); a new item collects
 * files to upload once it exists, and — when it is a Bug — the page's environment, editable.
 */
export function useItemFormExtras(
  item: TItemDetail | null,
  planFeatures: readonly Feature[],
): ItemFormExtras {
  const isNew = item === null;
  const [files, setFiles] = useState<File[]>([]);
  const [edited, setEdited] = useState<PageEnvironment | null>(null);
  const recorded = usePageEnvironment(isNew);
  const startUploads = useStartUploads();
  const environment = edited ?? recorded.data ?? null;
  const isBug = (typeName: string | undefined) => isNew && typeName === BUG_TYPE;
  return {
    render: (typeName) =>
      isNew ? (
        <>
          {isBug(typeName) && <EnvironmentFields environment={environment} onChange={setEdited} />}
          <PendingAttachments files={files} planFeatures={planFeatures} onChange={setFiles} />
        </>
      ) : (
        <AttachmentsSection itemId={item.itemId} planFeatures={planFeatures} />
      ),
    descriptionFor: (typeName, descriptionHtml) =>
      isBug(typeName) && environment
        ? descriptionHtml + environmentToHtml(environment)
        : descriptionHtml,
    afterSave: (itemId) => {
      if (isNew && files.length) startUploads(itemId, files);
    },
  };
}
