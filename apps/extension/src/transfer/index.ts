// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export { fromBase64, toBase64 } from './base64';
export { stampedFileName } from './stamped-file-name';
export {
  downloadExport,
  downloadFile,
  uploadFile,
  UPLOAD_CANCELED,
  type Upload,
  type UploadProgress,
} from './transfer-client';
export * from './transfer-protocol';
