import type { Notification } from '@upmon/core';
import type { IntegrationKind } from '@upmon/db';

/** What every channel receives: the words, the integration, and its decrypted config. */
export interface ChannelMessage {
  notification: Notification;
  integration: { id: number; name: string; telegramChatId: string | null };
  config: Readonly<Record<string, unknown>>;
}

export interface ChannelOutcome {
  /** The provider's HTTP status (null for SMTP). */
  statusCode: number | null;
}

/**
 * One notification channel. `send` resolves when the provider accepted the message and throws
 * a DeliveryError (transient or permanent) otherwise.
 */
export interface Channel {
  readonly kind: IntegrationKind;
  send(message: ChannelMessage): Promise<ChannelOutcome>;
}

export type ChannelRegistry = Record<IntegrationKind, Channel>;
