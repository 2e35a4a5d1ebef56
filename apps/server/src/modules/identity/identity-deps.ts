import type { ChangeFeed } from '../../changes/change-feed';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail/index';
import type { Limit } from './rate-limit';

// The app's clock type, re-exported so identity files import their dependencies from one place.
export type { Clock };

/**
 * Attempt limits of the identity screens (sliding windows; see the identity README). Sign-in
 * failures count per account and client address, per address, and per account from everywhere,
 * so one address guessing is stopped without locking the owner out from their own address.
 */
export type IdentityLimits = {
  /** Failed sign-ins of one account from one client address: stops guessing from there. */
  signInPerAccountAndIp: Limit;
  /** Failed sign-ins from one address, whatever the account: stops spraying many accounts. */
  signInPerIp: Limit;
  /**
   * Failed sign-ins of one account from all addresses: a ceiling against guessing spread over
   * many addresses, high enough that one address (held to its own limit) cannot reach it.
   */
  signInPerAccount: Limit;
  resetPerAccount: Limit;
  resetPerIp: Limit;
  /**
   * Sign-ups submitted from one address (counted once the form is valid, before the password is
   * hashed): each costs a scrypt hash, a new account and a mail (decision 0134).
   */
  signUpPerIp: Limit;
  /** Verification and "already registered" mails per address, against mail bombing. */
  mailsPerAccount: Limit;
};

/** Defaults: generous for people, tight for scripts. */
export const DEFAULT_IDENTITY_LIMITS: IdentityLimits = {
  signInPerAccountAndIp: { max: 10, windowSeconds: 15 * 60 },
  signInPerIp: { max: 50, windowSeconds: 15 * 60 },
  signInPerAccount: { max: 100, windowSeconds: 60 * 60 },
  resetPerAccount: { max: 5, windowSeconds: 60 * 60 },
  resetPerIp: { max: 20, windowSeconds: 15 * 60 },
  // The app passes its own, `SIGN_UP_LIMIT_PER_IP` (config.ts, same default).
  signUpPerIp: { max: 30, windowSeconds: 60 * 60 },
  mailsPerAccount: { max: 5, windowSeconds: 60 * 60 },
};

/** What the identity services need, passed explicitly (docs/style.md). */
export type IdentityDeps = {
  db: Db;
  /** The app's mailer: enqueue in the transaction of the change that causes the mail. */
  mailer: Mailer;
  clock: Clock;
  /** The server's public base URL: every link in a mail is absolute from it. */
  publicUrl: string;
  limits: IdentityLimits;
  /** The app's change feed (absent in tests that run the provider alone). */
  changes?: Pick<ChangeFeed, 'sync'>;
};
