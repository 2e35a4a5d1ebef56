// Tests answer the worker's typed API call with plain objects, whatever the route.
import type { Mock } from 'vitest';
import type { WorkerApiCall } from '../background/api-proxy';

/** A mock standing in for the worker's typed `WorkerApiCall` (a bare `Mock` takes any route). */
export function workerCall(mock: Mock): WorkerApiCall {
  return mock;
}
