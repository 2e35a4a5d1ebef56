export { useObjectUrl } from '../../../../ui/index';

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
