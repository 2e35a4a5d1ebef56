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
