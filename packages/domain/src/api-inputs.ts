import { auditLogQuerySchema } from './audit/audit-log-query.js';
import { checkSchema } from './checks/check-input.js';
import { incidentPatchSchema, incidentSchema, incidentUpdateEditSchema, incidentUpdateSchema } from './incidents/incident-input.js';
import { snoozeSchema } from './checks/snooze-check.js';
import { integrationSchema } from './integrations/integration-input.js';
import { maintenanceSchema } from './maintenance/maintenance-input.js';
import { oncallLayerSchema, oncallOverrideSchema, oncallRangeQuerySchema, oncallScheduleSchema } from './oncall/oncall-input.js';
import { privateLocationRotationSchema, privateLocationSchema } from './private-locations/private-location-input.js';
import { remoteProbeResultsSchema } from './private-locations/remote-probe-results.js';
import { reportQuerySchema } from './reports/report-query.js';
import { sloSchema } from './slos/slo-input.js';
import { statusPageSchema } from './status-pages/status-page-input.js';
import { statusPageSubscriberSchema, subscriberImportSchema } from './subscribers/subscriber-input.js';
import { listQuerySchema } from './validation/list-query.js';
import { listPageQuerySchema } from './lists/list-page-query.js';
import { patchSchema, requestSchema, type JsonSchema } from './validation/request-schema.js';

/** Request bodies by the name the OpenAPI document gives them; each is the joi definition its validator uses. */
export const REQUEST_BODIES = {
  CheckInput: checkSchema,
  SnoozeInput: snoozeSchema,
  IntegrationInput: integrationSchema,
  MaintenanceInput: maintenanceSchema,
  StatusPageInput: statusPageSchema,
  IncidentInput: incidentSchema,
  IncidentPatch: incidentPatchSchema,
  IncidentUpdateInput: incidentUpdateSchema,
  IncidentUpdateEdit: incidentUpdateEditSchema,
  StatusPageSubscriberInput: statusPageSubscriberSchema,
  SubscriberImport: subscriberImportSchema,
  PrivateLocationInput: privateLocationSchema,
  LocationKeyRotation: privateLocationRotationSchema,
  RemoteProbeResults: remoteProbeResultsSchema,
  OncallScheduleInput: oncallScheduleSchema,
  OncallLayerInput: oncallLayerSchema,
  OncallOverrideInput: oncallOverrideSchema,
  SloInput: sloSchema,
} as const;

/** Bodies PATCH accepts: the same fields as the input, none required (merged onto the stored resource). */
const PATCHES = {
  CheckPatch: 'CheckInput',
  IntegrationPatch: 'IntegrationInput',
  MaintenancePatch: 'MaintenanceInput',
  OncallLayerPatch: 'OncallLayerInput',
  OncallOverridePatch: 'OncallOverrideInput',
  SloPatch: 'SloInput',
} as const;

export interface ApiInputSchemas {
  /** Components of the document: every body above, its PATCH form, and their shared parts (`.id()`). */
  components: Record<string, JsonSchema>;
  /** The query of the list endpoints (pings, flips) as OpenAPI parameters. */
  listParameters: JsonSchema[];
  /** The query of GET /audit-log. */
  auditLogParameters: JsonSchema[];
  /** The opt-in keyset pagination of the other lists (checks, integrations, maintenance, locations). */
  listPageParameters: JsonSchema[];
  /** The range query (from, to) of the on-call final schedule. */
  oncallRangeParameters: JsonSchema[];
  /** The query of GET /reports. */
  reportParameters: JsonSchema[];
}

/** The REST API's inputs as OpenAPI 3.1 schemas, derived from the joi definitions (one definition per input). */
export function apiInputSchemas(): ApiInputSchemas {
  const components: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(REQUEST_BODIES)) components[name] = requestSchema(schema, components);
  for (const [patch, input] of Object.entries(PATCHES)) components[patch] = patchSchema(components[input]!);
  const queryParameters = (query: JsonSchema) =>
    Object.entries(query.properties as Record<string, JsonSchema>).map(([name, { description, ...schema }]) => ({
      name,
      in: 'query',
      required: false,
      ...(description === undefined ? {} : { description }),
      schema,
    }));
  return {
    components,
    listParameters: queryParameters(requestSchema(listQuerySchema, components)),
    auditLogParameters: queryParameters(requestSchema(auditLogQuerySchema, components)),
    listPageParameters: queryParameters(requestSchema(listPageQuerySchema, components)),
    oncallRangeParameters: queryParameters(requestSchema(oncallRangeQuerySchema, components)),
    reportParameters: queryParameters(requestSchema(reportQuerySchema, components)),
  };
}
