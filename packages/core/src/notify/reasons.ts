import { isProbedKind, type CheckKind, type CheckStatus, type FlipReason } from '../state/types.js';

/** Why a check changed status, in words a person on call can act on. */
export function reasonInWords(kind: CheckKind, reason: FlipReason, oldStatus: CheckStatus, newStatus: CheckStatus, exitStatus?: number | null): string {
  switch (reason) {
    case 'timeout':
      if (isProbedKind(kind)) return 'no probe result arrived in time (the prober may be unable to run)';
      if (newStatus === 'late') return 'no ping arrived at the expected time';
      if (oldStatus === 'late') return 'no ping arrived within the grace period after the expected time';
      return 'a run was started but no completion ping arrived within the grace period';
    case 'fail':
      if (isProbedKind(kind)) {
        if (newStatus === 'late') return 'a probe failed or the certificate expires soon; not yet confirmed down';
        return 'the endpoint failed its probes';
      }
      return 'the job reported a failure (fail ping)';
    case 'exit':
      return exitStatus !== undefined && exitStatus !== null ? `the job exited with status ${exitStatus}` : 'the job exited with a non-zero status';
    case 'ping':
      return isProbedKind(kind) ? 'the endpoint answered successfully again' : 'a success ping arrived';
    case 'manual':
      return 'paused by a user';
    case 'resumed':
      return 'monitoring was resumed';
    case 'quota':
      return "paused: the account is over its plan's check quota";
    case 'short_run':
      return 'the run was shorter than its minimum run time';
  }
}
