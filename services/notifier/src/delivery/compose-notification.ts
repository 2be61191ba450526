import { DEFAULT_LOCATION, ackLinkUrl, buildNotification, isProbedKind, type Notification } from '@upmon/core';
import { AAD, type AckTokens, type Cipher } from '@upmon/crypto';
import type { DeliveryJob } from '@upmon/queue';
import type { DeliveryFlip, DeliveryStore, DeliveryTarget } from './delivery-store.js';

/** Probe explanations are short; a longer body is cut so a message stays readable. */
const DETAIL_MAX = 300;

export interface ComposeDeps {
  store: DeliveryStore;
  cipher: Cipher;
  appBaseUrl: string;
  /** Signs the acknowledgement links of down alerts and reminders. */
  ackTokens: AckTokens;
}

/**
 * The words of one delivery, from what the database holds now. For fail/exit flips the causing
 * ping adds the exit status, and for probed checks (http, tcp, dns, tls) the probe's own
 * explanation (e.g. "HTTP 503 (expected 2xx,3xx)", "HTTP 200; condition failed: body $.status
 * equals "ok" (was "down")", "connection refused", "A example.com: 192.0.2.1 (expected any of:
 * …)"); heartbeat ping bodies are job output and are not forwarded.
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
      if (flip.reason === 'fail' || flip.reason === 'exit' || flip.reason === 'short_run') {
        const cause = await deps.store.loadCause(target.checkId, flip.ts);
        exitStatus = cause?.exitStatus ?? null;
        if (isProbedKind(target.checkKind) && cause?.body) detail = decryptDetail(deps.cipher, cause.body, target.checkId);
        // A short run: how long it took against the minimum (the note the state machine wrote).
        if (flip.reason === 'short_run') detail = cause?.note ?? null;
      }
      if (isProbedKind(target.checkKind)) detail = withLocations(flip, detail);
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

function decryptDetail(cipher: Cipher, body: Uint8Array, checkId: string): string | null {
  try {
    const text = cipher.decrypt(body, AAD.pingBody(checkId)).toString('utf8').replace(/\s+/g, ' ').trim();
    if (!text) return null;
    return text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX)}…` : text;
  } catch {
    return null;
  }
}

/**
 * A probed check's detail names the locations that decided the flip (docs/notifications.md, "Why
 * a probed check failed"): "Failed in eu-central, us-east: HTTP 503" for down and late, "Answering
 * in …" for up. The explanation is the last result's (one of those locations'). A system probing from
 * one place only (the default location) has nothing to name.
 */
function withLocations(flip: DeliveryFlip, detail: string | null): string | null {
  if (flip.locations.length === 0 || (flip.locations.length === 1 && flip.locations[0] === DEFAULT_LOCATION)) return detail;
  const where = `${flip.newStatus === 'up' ? 'Answering in' : 'Failed in'} ${flip.locations.join(', ')}`;
  return detail ? `${where}: ${detail}` : where;
}
