import { formatQuotaExceeded } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import type { CallApi } from '../../../../api/index';
import { quotaRefusal } from './use-tab-recording';

const storage = (usedBytes: number) =>
  vi.fn(() =>
    Promise.resolve({ usedBytes, quotaBytes: 1_000, maxFileBytes: 100 }),
  ) as unknown as CallApi;

describe('quotaRefusal', () => {
  it("refuses with the quota message when the organization's storage is full", async () => {
    const callApi = storage(1_000);
    expect(await quotaRefusal(callApi, 7)).toBe(formatQuotaExceeded(1_000));
    expect(callApi).toHaveBeenCalledWith('getAttachmentStorage', { params: { orgId: 7 } });
  });

  it('lets the recording start when there is room, when the figure is unknown or unreadable', async () => {
    expect(await quotaRefusal(storage(999), 7)).toBeNull();
    expect(await quotaRefusal(storage(5_000), undefined)).toBeNull();
    const refused = vi.fn(() => Promise.reject(new Error('Forbidden'))) as unknown as CallApi;
    expect(await quotaRefusal(refused, 7)).toBeNull();
  });
});
