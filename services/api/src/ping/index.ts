export { createPingReceiver, type PingReceiver, type PingReceiverDeps } from './ping-receiver.js';
export { parsePingUrl } from './ping-url.js';
