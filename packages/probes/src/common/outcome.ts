import { certificateDaysLeft, expiryInWords, type CertificateInfo } from './certificate.js';
import { evaluateConditions, failuresInWords, type ConditionFacts } from '../conditions/evaluate-conditions.js';
import type { Condition } from '../conditions/condition.js';

/** A judged probe before its phases and certificate are attached. */
export interface Judgement {
  ok: boolean;
  warning: boolean;
  explanation: string;
  failedConditions: string[];
}

export const failed = (explanation: string): Judgement => ({ ok: false, warning: false, explanation, failedConditions: [] });

/**
 * The common end of a judgement once the probe's own test passed (`lead` says what passed):
 * conditions (each failing one named: a failure), then a certificate expiring within
 * `warnDays` (a warning: the check goes late, as for https).
 */
export function judgeRest(
  lead: string,
  conditions: readonly Condition[],
  facts: Omit<ConditionFacts, 'certificateDaysLeft'>,
  certificate: CertificateInfo | null,
  now: Date,
  warnDays: number | null,
): Judgement {
  const failures = evaluateConditions(conditions, { ...facts, certificateDaysLeft: certificate ? certificateDaysLeft(certificate, now) : null });
  if (failures.length > 0)
    return { ok: false, warning: false, explanation: `${lead}; ${failuresInWords(failures)}`, failedConditions: failures.map((f) => f.text) };
  if (certificate && warnDays !== null && Date.parse(certificate.validTo) - now.getTime() <= warnDays * 86_400_000) {
    return { ok: true, warning: true, explanation: `${lead}, ${expiryInWords(certificate.validTo, now)}`, failedConditions: [] };
  }
  return { ok: true, warning: false, explanation: lead, failedConditions: [] };
}

/** Text from the network for a ping body: control characters shown as '.', at most `max` characters. */
export function printable(text: string, max = 100): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/\r?\n/g, '\\n').replace(/[\u0000-\u001f\u007f-\u009f]/g, '.');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
