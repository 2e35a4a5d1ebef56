import { useContext, useEffect } from 'react';
import { PRODUCT_NAME } from '@waymark/core';
import { PrerenderContext } from '../prerender/prerender-context';

/**
 * Sets the document title ("{title} | Waymark") and the meta description of the current page.
 * index.html ships a default description, which this updates in place so there is only ever one.
 * At build time (src/prerender) the page's meta is handed to the collector instead.
 */
export function usePageMeta(title: string, description: string): void {
  const prerender = useContext(PrerenderContext);
  prerender?.setMeta({ title: `${title} | ${PRODUCT_NAME}`, description });
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
