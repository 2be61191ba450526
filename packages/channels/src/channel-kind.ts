import type { ProviderSettings } from '@upmon/config';
import type { Notification } from '@upmon/core';
import type { IntegrationKind } from '@upmon/db';
import type { Mailer } from '@upmon/mailer';
import type { ObjectSchema } from 'joi';
import type { HttpSend } from './transport/http-client.js';

/** What every sender receives: the words, the integration, and its decrypted config. */
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
 * Sends one notification through one kind of channel. `send` resolves when the provider accepted
 * the message and throws a DeliveryError (transient or permanent) otherwise.
 */
export interface ChannelSender {
  send(message: ChannelMessage): Promise<ChannelOutcome>;
}

export type { ProviderSettings };

export interface Clock {
  now(): Date;
}

/** What a kind's sender is built from: one HTTP client and one mailer for all kinds. */
export interface SenderDeps {
  http: HttpSend;
  mailer: Mailer;
  clock: Clock;
  providers: ProviderSettings;
}

/**
 * One field of a kind's config in the web app's integration form, as plain data: the form is
 * rendered from these and posted back into the config object the API validates.
 */
export interface FormField {
  /** The config key. */
  name: string;
  label: string;
  type: 'text' | 'url' | 'email' | 'password' | 'textarea' | 'select' | 'number';
  hint?: string;
  required: boolean;
  /**
   * A credential, or a destination that works like one (a webhook URL, a routing key, a phone
   * number, an ntfy topic): never shown back to people who may only read the integration, and
   * redacted from delivery errors.
   */
  secret?: true;
  /** `select`: the choices, values as stored in the config (numbers for numeric settings). */
  options?: readonly { value: string | number; label: string }[];
  /** The value a new integration's form starts with. */
  default?: string | number;
}

/**
 * One channel kind, defined in one folder of src/kinds: its config schema (what the API accepts,
 * strings bounded, URLs checked), its form fields, what the user must create on the provider's
 * side, and its sender (message format and transport).
 */
export interface ChannelKind {
  readonly kind: IntegrationKind;
  /** The name people know the provider by. */
  readonly label: string;
  /** One or two sentences: what to create on the provider's side, where the values come from. */
  readonly setup: string;
  /** Healthchecks' name for the kind where it differs (its API's `/channels/`). */
  readonly healthchecksName?: string;
  readonly configSchema: ObjectSchema;
  readonly formFields: readonly FormField[];
  createSender(deps: SenderDeps): ChannelSender;
}
