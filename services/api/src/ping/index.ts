export { createPingReceiver } from './ping-receiver.js';
export { parsePingUrl } from './ping-url.js';
