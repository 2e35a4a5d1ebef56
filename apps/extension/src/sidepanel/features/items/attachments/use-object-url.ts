import { useEffect, useState } from 'react';

/** An object URL for `blob` while the component shows it; revoked afterwards. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    // An object URL is an external resource tied to this blob: created and revoked with the
    // effect (a memo would keep a URL StrictMode's re-run of the effect had already revoked).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** Hands `blob` to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The browser has read the URL once the click's navigation started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
