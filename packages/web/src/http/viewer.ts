import type { Response } from 'express';
import type { PlanName, Role } from '@upmon/core';

export interface ViewerMembership {
  accountId: string;
  accountName: string;
  plan: PlanName;
  role: Role;
}

/** The signed-in person of a request. */
export interface Viewer {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  csrfToken: string;
  memberships: ViewerMembership[];
  /** Has two-factor authentication on (TOTP or a security key). */
  hasTwoFactor: boolean;
  /** One of their accounts requires two-factor authentication of its members. */
  twoFactorRequired: boolean;
  /** When they last proved who they are in this session (sign-in or "confirm it's you"); null: long ago. */
  authenticatedAt: Date | null;
  /** The client's address (trusted proxies' X-Forwarded-For), for the audit log. */
  client: string | null;
}

export function viewerOf(res: Response): Viewer | null {
  return (res.locals.viewer as Viewer | undefined) ?? null;
}
