import { asDeliveryError, permanentError, type ChannelSenders, type DeliveryError } from '@upmon/channels';
import type { Notification } from '@upmon/core';
import type { IntegrationKind } from '@upmon/db';
import type { ChannelConfig } from './config-cache.js';

/** Longest error text kept in the delivery log. */
export const DELIVERY_ERROR_MAX = 500;

export interface SendTarget {
  integrationId: number;
  kind: IntegrationKind;
  name: string;
  /** AES-GCM ciphertext of the channel config. */
  config: Uint8Array;
  telegramChatId: string | null;
}

export interface SendResult {
  failure: DeliveryError | null;
  statusCode: number | null;
  latencyMs: number;
}

/**
 * One attempt to hand a notification to the integration's channel: decrypts the config, sends,
 * and reports the outcome (never throws a channel's error: the caller decides about retries and
 * logs the attempt). Shared by alert deliveries and test notifications.
 */
export async function sendThroughChannel(
  channels: ChannelSenders,
  decryptConfig: (integrationId: number, sealed: Uint8Array) => ChannelConfig,
  target: SendTarget,
  notification: Notification,
): Promise<SendResult> {
  const started = performance.now();
  let failure: DeliveryError | null = null;
  let statusCode: number | null = null;
  try {
    let config: ChannelConfig;
    try {
      config = decryptConfig(target.integrationId, target.config);
    } catch {
      throw permanentError('integration config cannot be decrypted (wrong ENCRYPTION_KEY?)');
    }
    const outcome = await channels[target.kind].send({
      notification,
      integration: { id: target.integrationId, name: target.name, telegramChatId: target.telegramChatId },
      config,
    });
    statusCode = outcome.statusCode;
  } catch (err) {
    failure = asDeliveryError(err);
    statusCode = failure.statusCode;
  }
  return { failure, statusCode, latencyMs: Math.round(performance.now() - started) };
}
