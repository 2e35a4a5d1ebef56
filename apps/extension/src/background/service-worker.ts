// Entry point of the MV3 service worker (dist/service-worker.js).
import { chromeApi } from '../platform/chrome-api';
import { startServiceWorker } from './start-service-worker';

startServiceWorker(chromeApi);
