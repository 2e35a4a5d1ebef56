// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export { useChromeApi } from './chrome-api-context';
export { mountPage } from './mount-page';
export { useServerUrl } from './use-server-url';
export { useObjectUrl } from './use-object-url';
export { PLAYABLE_VIDEO_TYPES, VideoPlayer } from './video-player';
export { OrgWritable, useIsOrgWritable } from './org-writable';
export { useOlderRows, type OlderRows } from './use-older-rows';
export { OlderRowsButton } from './older-rows-button';
