// Entry point of the MV3 service worker (dist/service-worker.js).
import { chromeApi } from '../platform/index';
import { startServiceWorker } from './start-service-worker';

startServiceWorker(chromeApi);
