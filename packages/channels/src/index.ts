export type { ChannelKind, ChannelMessage, ChannelOutcome, ChannelSender, Clock, FormField, ProviderSettings, SenderDeps } from './channel-kind.js';
export {
  CHANNEL_KINDS,
  KIND_NAMES,
  channelKind,
  isKindName,
  secretFields,
  maskedConfig,
  MASKED_SECRET,
  createChannelSenders,
  type ChannelSenders,
} from './registry.js';
export { DeliveryError, asDeliveryError, permanentError } from './transport/delivery-error.js';
export { expectSuccess } from './transport/http-response.js';
export { createHttpClient, type HttpClient, type HttpRequest, type HttpResponse, type HttpSend } from './transport/http-client.js';
