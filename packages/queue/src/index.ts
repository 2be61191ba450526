export {
  CATALOG,
  QUEUE_NAMES,
  InvalidJobPayloadError,
  validatePayload,
  DELIVERY_ATTEMPTS,
  FAILED_JOBS_KEPT,
  PROBES_PER_JOB,
  SUBSCRIBER_MAILS_PER_JOB,
  type SubscriberMailJob,
  probesOf,
  probeQueueName,
  probeResultsQueueName,
  type ProbeResultJob,
  type QueueName,
  type JobPayloads,
  type ProbeJob,
  type ProbeRef,
  type DeliveryJob,
  type DeliveryEvent,
  type TestNotificationJob,
  type SloAlertJob,
  type ProbeTestJob,
  probeTestResultKey,
  PROBE_TEST_RESULT_TTL_MS,
} from './catalog.js';
export { Queues, ProbeResultQueue, createWorker, UnrecoverableError, type Processor, type CreateWorkerOptions } from './queues.js';
export { withTimeout } from './with-timeout.js';
export { LocationJobSource, type HandedJob, type LocationJobSourceOptions } from './location-job-source.js';
export { locationAclRules } from './location-acl.js';
