// Entry point of the content script (dist/content-script.js, one IIFE file). It is not declared
// in the manifest: the service worker injects it at run time into pages of a project's domains,
// once the user has granted access to them.
import { createMessageListener } from '../messaging/index';
import { chromeApi } from '../platform/index';
import { getPageInfo } from './get-page-info';

chromeApi.runtime.addMessageListener(
  createMessageListener({ getPageInfo: () => getPageInfo(window) }),
);
