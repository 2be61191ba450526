export { createMetricsRegistry, type MetricsSource } from './registry.js';
export { createPingMetrics, type PingMetrics, type PingOutcome } from './ping-metrics.js';
export { createFlipMetrics, type FlipMetrics } from './flip-metrics.js';
export { registerFlipBacklog, type FlipBacklog } from './flip-backlog.js';
export { createFanOutMetrics, type FanOutMetrics } from './fan-out-metrics.js';
export { registerQueueDepth, observeWorkerJobs, QUEUE_STATES } from './queue-metrics.js';
export { createProbeMetrics, type ProbeMetrics, type ProbeOutcomeLabel } from './probe-metrics.js';
export { createDeliveryMetrics, type DeliveryMetrics } from './delivery-metrics.js';
export { Registry } from 'prom-client';
