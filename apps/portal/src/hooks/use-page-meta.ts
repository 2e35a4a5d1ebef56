import { useEffect } from 'react';
import { PRODUCT_NAME } from '@waymark/core';

/**
 * Sets the document title ("{title} | Waymark") and the meta description of the current page.
 * index.html ships a default description, which this updates in place so there is only ever one.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
