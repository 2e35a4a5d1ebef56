import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import type { Limit } from './rate-limit';

// The app's clock type, re-exported so identity files import their dependencies from one place.
export type { Clock };

/** Attempt limits of the identity screens, per account (e-mail) and per client IP. */
export type IdentityLimits = {
  signInPerAccount: Limit;
  signInPerIp: Limit;
  resetPerAccount: Limit;
  resetPerIp: Limit;
  /** Verification and "already registered" mails per address, against mail bombing. */
  mailsPerAccount: Limit;
};

/** Defaults: generous for people, tight for scripts. */
export const DEFAULT_IDENTITY_LIMITS: IdentityLimits = {
  signInPerAccount: { max: 10, windowSeconds: 15 * 60 },
  signInPerIp: { max: 50, windowSeconds: 15 * 60 },
  resetPerAccount: { max: 5, windowSeconds: 60 * 60 },
  resetPerIp: { max: 20, windowSeconds: 15 * 60 },
  mailsPerAccount: { max: 5, windowSeconds: 60 * 60 },
};

/** What the identity services need, passed explicitly (STYLE.md). */
export type IdentityDeps = {
  db: Db;
  /** The app's mailer: enqueue in the transaction of the change that causes the mail. */
  mailer: Mailer;
  clock: Clock;
  /** The server's public base URL: every link in a mail is absolute from it. */
  publicUrl: string;
  limits: IdentityLimits;
};
