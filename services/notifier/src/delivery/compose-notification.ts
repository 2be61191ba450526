import { ackLinkUrl, buildNotification, describeFlipCause, flipCauseFromJson, isProbedKind, type DecidingResult, type Notification } from '@upmon/core';
import { AAD, type AckTokens, type Cipher } from '@upmon/crypto';
import type { DeliveryJob } from '@upmon/queue';
import type { DeliveryFlip, DeliveryStore, DeliveryTarget } from './delivery-store.js';

export interface ComposeDeps {
  store: DeliveryStore;
  cipher: Cipher;
  appBaseUrl: string;
  /** Signs the acknowledgement links of down alerts and reminders. */
  ackTokens: AckTokens;
}

/**
 * The words of one delivery, from what the database holds now. For a heartbeat check's fail/exit
 * flips the causing ping adds the exit status (its body is job output and is not forwarded). A
 * probed check's (http, tcp, dns, tls) down, late and up alerts carry the results that decided the
 * flip, as the flip keeps them (`describeFlipCause`): the locations and the probe's own
 * explanation (e.g. "HTTP 503 (expected 2xx,3xx)", "HTTP 200; condition failed: body $.status
 * equals "ok" (was "down")", "connection refused", "A example.com: 192.0.2.1 (expected any of:
 * …)").
 * Null when what the job refers to no longer exists.
 */
export async function composeNotification(
  deps: ComposeDeps,
  job: DeliveryJob,
  target: DeliveryTarget,
  flip: DeliveryFlip | null,
  now: Date,
): Promise<Notification | null> {
  const check = { id: target.checkId, name: target.checkName, kind: target.checkKind, tags: target.checkTags };
  const common = { check, now, appBaseUrl: deps.appBaseUrl };
  // Down alerts, reminders and digests of a check still down carry a link that acknowledges
  // their episode (the down flip).
  const ackLink = (downFlipId: string | undefined) =>
    downFlipId ? ackLinkUrl(deps.appBaseUrl, deps.ackTokens.sign({ checkId: target.checkId, flipId: downFlipId }, now)) : null;
  switch (job.event) {
    case 'down':
    case 'up':
    case 'late': {
      if (!flip) return null;
      let exitStatus: number | null = null;
      let detail: string | null = null;
      if (isProbedKind(target.checkKind)) {
        detail = describeFlipCause(flip, flip.cause ? openCause(deps.cipher, flip.cause, target.checkId) : null);
      } else if (flip.reason === 'fail' || flip.reason === 'exit' || flip.reason === 'short_run') {
        const cause = await deps.store.loadCause(target.checkId, flip.ts);
        exitStatus = cause?.exitStatus ?? null;
        // A short run: how long it took against the minimum (the note the state machine wrote).
        if (flip.reason === 'short_run') detail = cause?.note ?? null;
      }
      const ack = job.event === 'down' ? ackLink(job.flipId) : null;
      return buildNotification({ ...common, ackLink: ack, event: job.event, flip, previousSince: flip.previousSince, exitStatus, detail });
    }
    case 'reminder': {
      if (!job.reminderId) return null;
      const reminder = await deps.store.loadReminder(job.reminderId);
      if (!reminder) return null;
      return buildNotification({ ...common, ackLink: ackLink(job.flipId), event: 'reminder', downSince: reminder.downSince, reason: reminder.reason });
    }
    case 'digest': {
      const held = await deps.store.loadHeld(job.heldIds ?? []);
      if (held.length === 0) return null;
      const latest = await deps.store.loadLatestFlip(target.checkId);
      // Still down: the digest is the outage's alert for whoever slept through it (quiet hours,
      // maintenance), so it carries the link that acknowledges the episode.
      const episode = target.checkStatus === 'down' && latest?.newStatus === 'down' ? latest.id : undefined;
      return buildNotification({ ...common, ackLink: ackLink(episode), event: 'digest', status: target.checkStatus, since: latest?.ts ?? null, held });
    }
  }
}

/** A flip's stored cause; null when it cannot be read (a key no longer configured): the locations are named alone. */
function openCause(cipher: Cipher, sealed: Uint8Array, checkId: string): DecidingResult[] | null {
  try {
    return flipCauseFromJson(cipher.decrypt(sealed, AAD.flipCause(checkId)).toString('utf8'));
  } catch {
    return null;
  }
}
