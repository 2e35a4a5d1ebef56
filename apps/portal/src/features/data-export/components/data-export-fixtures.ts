import type { TDataExport } from '@waymark/core';

/** An archive as the server answers it; `overrides` set the state under test. */
export function dataExportFixture(overrides: Partial<TDataExport> = {}): TDataExport {
  return {
    id: 7,
    kind: 'personal',
    status: 'ready',
    requestedAt: '2026-11-26T08:00:00.000Z',
    readyAt: '2026-11-26T08:01:00.000Z',
    expiresAt: '2026-11-29T08:01:00.000Z',
    sizeBytes: 2048,
    isExpired: false,
    fileName: 'waymark-my-data-2026-11-26.json',
    ...overrides,
  };
}
