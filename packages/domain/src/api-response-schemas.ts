import { AuditEventResponse } from './audit/audit-event-response-schema.js';
import { BadgeResponse } from './badges/badge-response-schema.js';
import { AcknowledgementResponse, CheckResponse, ScheduleResponse, SnoozeResponse } from './checks/check-response-schema.js';
import { CheckLocationsResponse } from './checks/location-response-schema.js';
import { CertificateResponse, ResponseTimesResponse } from './checks/probe-response-schemas.js';
import { FlipResponse } from './history/flip-response-schema.js';
import { PingResponse } from './history/ping-response-schema.js';
import { IncidentResponse, IncidentUpdateResponse } from './incidents/incident-response-schema.js';
import { IntegrationResponse } from './integrations/integration-response-schema.js';
import { MaintenanceResponse } from './maintenance/maintenance-response-schema.js';
import {
  OncallFeedResponse,
  OncallLayerResponse,
  OncallNowResponse,
  OncallOverrideResponse,
  OncallScheduleResponse,
  OncallShiftResponse,
} from './oncall/oncall-response-schema.js';
import { PrivateLocationResponse, PrivateLocationWithKeyResponse } from './private-locations/private-location-response-schema.js';
import { ReportResponse } from './reports/report-response-schema.js';
import { SloResponse, SloStatusResponse } from './slos/slo-response-schema.js';
import { StatusPageResponse } from './status-pages/status-page-response-schema.js';
import { StatusPageSubscriberResponse, SubscriberCountsResponse, SubscriberImportResponse } from './subscribers/subscriber-response-schema.js';

/**
 * The REST API's response schemas by their name in the OpenAPI document's components, each defined
 * beside its presenter (whose return type is derived from it). The document lists them as they are.
 */
export const API_RESPONSE_SCHEMAS = {
  AuditEvent: AuditEventResponse,
  ResponseTimes: ResponseTimesResponse,
  Certificate: CertificateResponse,
  CheckLocations: CheckLocationsResponse,
  Schedule: ScheduleResponse,
  Check: CheckResponse,
  Acknowledgement: AcknowledgementResponse,
  Snooze: SnoozeResponse,
  Ping: PingResponse,
  Flip: FlipResponse,
  Badge: BadgeResponse,
  StatusPage: StatusPageResponse,
  StatusPageSubscriber: StatusPageSubscriberResponse,
  SubscriberCounts: SubscriberCountsResponse,
  SubscriberImportResult: SubscriberImportResponse,
  IncidentUpdate: IncidentUpdateResponse,
  Incident: IncidentResponse,
  PrivateLocation: PrivateLocationResponse,
  PrivateLocationWithKey: PrivateLocationWithKeyResponse,
  Maintenance: MaintenanceResponse,
  Integration: IntegrationResponse,
  OncallLayer: OncallLayerResponse,
  OncallSchedule: OncallScheduleResponse,
  OncallOverride: OncallOverrideResponse,
  OncallShift: OncallShiftResponse,
  OncallNow: OncallNowResponse,
  OncallFeed: OncallFeedResponse,
  Slo: SloResponse,
  SloStatus: SloStatusResponse,
  Report: ReportResponse,
};
