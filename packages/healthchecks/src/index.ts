export { parseHcSpec, HcSpecError, type HcSpec, type HcUniqueField } from './spec.js';
export { guessScheduleKind } from './schedule-kind.js';
export {
  hcToCheckFields,
  hcReportedGrace,
  upmonGraceFor,
  HC_DEFAULT_GRACE_SEC,
  HC_DEFAULT_TIMEOUT_SEC,
  type Adjustment,
  type CheckFields,
  type CheckSchedule,
  type HcFieldsOptions,
} from './check-fields.js';
export { parseHcTags, hcTagsText } from './tags.js';
export { hcSlugify } from './slugify.js';
export { hcUniqueKey } from './unique-key.js';
export { hcStatus, hcStarted, hcNextPing, type HcStatus } from './status.js';
export { hcExportRecordToCheck, type ImportedCheck, type ExportRecordResult } from './export-record.js';
