export { HTTP_CONFIG_SECRET_FIELDS, splitHttpConfig, joinHttpConfig, type SplitHttpConfig } from './http-config-secrets.js';
export { probeSpreadMs } from './probe-spread.js';
export { nextProbeAt, probeSpreadRangeMs, isProbeSuperseded, MAX_CALENDAR_SPREAD_MS } from './next-probe-at.js';
export { HISTOGRAM_BUCKETS, emptyHistogram, histogramBucket, bucketValue, addHistogram, histogramPercentile } from './response-time-histogram.js';
export {
  ROLLUP_RESOLUTIONS,
  ROLLUP_KEPT_DAYS,
  RESPONSE_TIME_RANGES,
  rollupBucketStart,
  responseTimeSeries,
  type RollupResolution,
  type ResponseTimeRange,
  type RollupRow,
  type ResponseTimePoint,
  type ResponseTimeSeries,
} from './response-time-series.js';
export {
  DEFAULT_LOCATION,
  LOCATION_NAME,
  PRIVATE_LOCATION_PREFIX,
  STALE_INTERVALS,
  applyLocationResult,
  isLocationStale,
  majority,
  quorumVerdict,
  staleAfterMs,
  type LocationResult,
  type LocationState,
  type LocationStatus,
  type QuorumOutcome,
  type QuorumRules,
  type QuorumVerdict,
} from './location-quorum.js';
export { describeFlipCause, flipCauseFromJson, flipCauseToJson, type DecidingResult } from './flip-cause.js';
