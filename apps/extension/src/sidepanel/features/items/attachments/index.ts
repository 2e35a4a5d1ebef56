// The attachments UI (issue 14) the item views embed.
export { AttachmentsSection } from './attachments-section';
export { useItemFormExtras } from './item-form-extras';
