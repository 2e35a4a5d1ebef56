import { routes, type RouteDef } from '@waymark/core';
import type { Mock } from 'vitest';
import { answerCalls, type FakeCallInput } from './render-admin-screen';
import {
  licensesOf,
  paymentInfoOf,
  paymentRow,
  planInfoOf,
  planOptionsOf,
  type BillingState,
} from './billing-fixture';

/** A write's fake answer: a value, or a function of the call's input (throw to fail). */
type Answer = (input: FakeCallInput) => unknown;

/**
 * Makes the mocked `apiClient.call` answer the Account screen's reads from `state` (the Sandbox
 * gateway, `history` payments) and its writes from `writes`; an unexpected call fails the test.
 */
export function serveBilling(
  call: Mock,
  state: BillingState,
  options: { history?: number; writes?: Partial<Record<keyof typeof routes, Answer>> } = {},
): void {
  const reads: [RouteDef, Answer][] = [
    [routes.getOrgPlanInfo, () => planInfoOf(state)],
    [routes.getLicenseInfo, () => licensesOf(state)],
    [routes.getPlanOptions, () => planOptionsOf(state)],
    [routes.retrieveCustomerPaymentMethod, () => paymentInfoOf(state)],
    [
      routes.getPaymentHistory,
      () => Array.from({ length: options.history ?? 0 }, (_, i) => paymentRow(i + 1)),
    ],
    [routes.getPaymentConfig, () => ({ gateway: 'sandbox', publishableKey: null })],
    [routes.getPendingPaymentAction, () => null],
    [routes.getProcessingPayments, () => []],
    [routes.getSearchLanguage, () => ({ searchLanguage: 'english' })],
    [
      routes.getAttachmentStorage,
      () => ({ usedBytes: 3_250_000, quotaBytes: 10 * 1024 ** 3, maxFileBytes: 25 * 1024 ** 2 }),
    ],
  ];
  // A write's answer under a read's name replaces the read (e.g. a charge waiting for 3-D Secure).
  const writes = Object.entries(options.writes ?? {}).map(
    ([name, answer]) => [routes[name as keyof typeof routes], answer] as [RouteDef, Answer],
  );
  answerCalls(call, new Map([...reads, ...writes]));
}
