import type { Budget } from './rate-limiter.js';

/** Rate limits of the spec ("Limits"); key names are stable so other tools can share the budgets. */
export const REQUESTS_PER_MINUTE_PER_KEY = 600;
export const CHECK_CHANGES_PER_MINUTE = 10;
export const CHECK_CHANGES_PER_HOUR = 60;
/** Failed authentications (malformed, unknown or revoked API keys) per client address. */
export const AUTH_FAILURES_PER_MINUTE = 60;
/** E-mail verification links mailed per account: each goes to an address nobody has confirmed yet. */
export const VERIFICATION_MAILS_PER_HOUR = 20;
/**
 * On-call iCal feed requests per client address: calendar apps poll each feed every few minutes at
 * most, and one request may compute many schedules over 97 days (docs/oncall.md, "iCal feeds").
 */
export const ONCALL_FEED_REQUESTS_PER_MINUTE = 30;

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Named by the key's SHA-256 (what a request presents), so it can be spent while the key is looked up. */
export function apiKeyBudgets(prefix: string, keyHash: string): Budget[] {
  return [{ key: `${prefix}:ratelimit:api-key:${keyHash}`, limit: REQUESTS_PER_MINUTE_PER_KEY, windowMs: MINUTE }];
}

/** Creation and deletion have separate budgets, each per account (all its projects and keys). */
export function checkChangeBudgets(prefix: string, op: 'create' | 'delete', accountId: string): Budget[] {
  return [
    { key: `${prefix}:ratelimit:check-${op}:${accountId}:minute`, limit: CHECK_CHANGES_PER_MINUTE, windowMs: MINUTE },
    { key: `${prefix}:ratelimit:check-${op}:${accountId}:hour`, limit: CHECK_CHANGES_PER_HOUR, windowMs: HOUR },
  ];
}

/** Named by the client's address (IPv6: its /64, what one subscriber usually gets). */
export function authFailureBudgets(prefix: string, client: string): Budget[] {
  return [{ key: `${prefix}:ratelimit:auth-failures:${client}`, limit: AUTH_FAILURES_PER_MINUTE, windowMs: MINUTE }];
}

/** Named by the client's address (IPv6: its /64), spent before the feed's token is looked up. */
export function oncallFeedBudgets(prefix: string, client: string): Budget[] {
  return [{ key: `${prefix}:ratelimit:oncall-feed:${client}`, limit: ONCALL_FEED_REQUESTS_PER_MINUTE, windowMs: MINUTE }];
}

/**
 * Failed password checks (web sign-in, the current password on /me; docs/web.md, "Throttling"):
 * an attacker is slowed per (address, client) pair, and a client guessing across many addresses
 * by a generous cap per client. Only failures count (a right password is refunded), so nobody's
 * correct password is refused because somebody else failed.
 */
export const PASSWORD_FAILURES_PER_PAIR = 10;
export const PASSWORD_FAILURES_PAIR_WINDOW_MS = 15 * MINUTE;
export const PASSWORD_FAILURES_PER_CLIENT = 100;
export const PASSWORD_FAILURES_CLIENT_WINDOW_MS = HOUR;

/** `addressHash`: the SHA-256 of the e-mail address (no addresses in Redis); `client`: its budget name (an IPv6 /64). */
export function passwordFailureBudgets(prefix: string, addressHash: string, client: string): Budget[] {
  return [
    {
      key: `${prefix}:ratelimit:password-failures:pair:${addressHash}:${client}`,
      limit: PASSWORD_FAILURES_PER_PAIR,
      windowMs: PASSWORD_FAILURES_PAIR_WINDOW_MS,
    },
    { key: `${prefix}:ratelimit:password-failures:client:${client}`, limit: PASSWORD_FAILURES_PER_CLIENT, windowMs: PASSWORD_FAILURES_CLIENT_WINDOW_MS },
  ];
}

/**
 * Failed second sign-in steps (a wrong code or refused security key after a right password), per
 * person across every client and pending sign-in (docs/web.md, "Two-factor authentication"):
 * budgets per client alone let someone with the password and many addresses (a /48 holds 65,536
 * /64s) try a million TOTP codes in hours. Only someone who knows the password can spend it, and
 * the person is told by e-mail when they do. Only failures count.
 */
export const SECOND_STEP_FAILURES_PER_PERSON = 10;
const SECOND_STEP_FAILURES_WINDOW_MS = HOUR;
/** And a day's: 20 guesses a day make the 3 right TOTP codes in a million about a 2 % chance a year. */
const SECOND_STEP_FAILURES_PER_PERSON_PER_DAY = 20;

export function secondStepFailureBudgets(prefix: string, userId: string): Budget[] {
  return [
    { key: `${prefix}:ratelimit:second-step-failures:${userId}:hour`, limit: SECOND_STEP_FAILURES_PER_PERSON, windowMs: SECOND_STEP_FAILURES_WINDOW_MS },
    { key: `${prefix}:ratelimit:second-step-failures:${userId}:day`, limit: SECOND_STEP_FAILURES_PER_PERSON_PER_DAY, windowMs: 24 * HOUR },
  ];
}

/** "Your password was used, then a wrong code" mails: one per person every 6 hours, however many failures. */
export const PASSWORD_KNOWN_MAILS_WINDOW_MS = 6 * HOUR;

export function passwordKnownMailBudgets(prefix: string, userId: string): Budget[] {
  return [{ key: `${prefix}:ratelimit:password-known-mail:${userId}`, limit: 1, windowMs: PASSWORD_KNOWN_MAILS_WINDOW_MS }];
}

/** Verification mails of an account (all its projects and keys). */
export function verificationMailBudgets(prefix: string, accountId: string): Budget[] {
  return [{ key: `${prefix}:ratelimit:verification-mail:${accountId}:hour`, limit: VERIFICATION_MAILS_PER_HOUR, windowMs: HOUR }];
}

/** "Test now" probes per account: each is a real request from the prober to an address the user chose. */
export const PROBE_TESTS_PER_MINUTE = 10;

export function probeTestBudgets(prefix: string, accountId: string): Budget[] {
  return [{ key: `${prefix}:ratelimit:probe-test:${accountId}:minute`, limit: PROBE_TESTS_PER_MINUTE, windowMs: MINUTE }];
}

/**
 * A private location's prober (GET jobs and POST results, per location): a healthy prober makes
 * about 2 requests a minute per long poll and one per batch of results; this leaves room for a few
 * replicas and a backlog, and stops a runaway loop.
 */
export const LOCATION_REQUESTS_PER_MINUTE = 300;

export function locationBudgets(prefix: string, locationId: string): Budget[] {
  return [{ key: `${prefix}:ratelimit:location:${locationId}:minute`, limit: LOCATION_REQUESTS_PER_MINUTE, windowMs: MINUTE }];
}
