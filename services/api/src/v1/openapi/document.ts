import { PROBED_KINDS } from '@upmon/core';
import { API_RESPONSE_SCHEMAS, LIST_PAGE_MAX, apiInputSchemas } from '@upmon/domain';
import { oncallPaths } from './oncall-paths.js';
import { ssoPaths } from './sso-paths.js';
import { codePaths } from './code-paths.js';

/**
 * OpenAPI 3.1 description of REST API v1 (docs/api-contract.md + the decisions of docs/design.md and docs/api.md).
 * Served at GET /api/v1/openapi.json; the integration tests validate every response they get
 * against it, so a response shape that drifts from this document fails the tests. Request bodies
 * and query parameters are derived from the domain's joi definitions, the ones the validators use
 * (`apiInputSchemas`), so the document cannot state a bound that is not enforced; response bodies
 * are the domain's response schemas (`API_RESPONSE_SCHEMAS`), each beside the presenter whose
 * return type is derived from it. This file holds the paths, their parameters and error answers.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const dataOf = (schema: unknown) => ({
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: { data: schema },
});
const errorResponse = (description: string) => ({ description, ...json(ref('Error')) });
const inputs = apiInputSchemas();

const e = {
  400: errorResponse('Body is not valid JSON or not a JSON object'),
  401: errorResponse('Authorization missing or malformed, or key unknown or revoked'),
  403: errorResponse('Read-only key on a write endpoint, account not on Pro or Business, or check quota reached'),
  404: errorResponse(
    "Unknown (or another project's) check, integration, maintenance window, location, incident or incident update, status page subscriber, no status page, or unknown endpoint",
  ),
  409: errorResponse(
    "Conflicts with the state of the resource: resume of a check that is not paused; acknowledgement of a check that is not down; a Telegram link for an integration of another kind; ending a maintenance window that is not in progress; too many private locations; rotating the key of a revoked location; too many open incidents or updates, or deleting the last update of an incident; a status page at its plan's number of subscribers, or a webhook URL that is a subscriber already",
  ),
  413: errorResponse('Body larger than the configured limit'),
  415: errorResponse('Body in an encoding or charset other than UTF-8 JSON'),
  422: { description: 'Validation failed', ...json(ref('ValidationError')) },
  429: {
    description: 'Rate limit exceeded',
    headers: { 'Retry-After': { description: 'Seconds to wait (whole seconds)', schema: { type: 'integer', minimum: 1 } } },
    ...json(ref('Error')),
  },
  500: errorResponse('Unexpected error; the body carries an error_id that is also logged'),
};
const readErrors = { 401: e[401], 403: e[403], 429: e[429], 500: e[500] };
const writeErrors = { ...readErrors, 400: e[400], 413: e[413], 415: e[415] };

const checkId = { name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const maintenanceId = { name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const sloId = { name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const incidentId = { name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const incidentUpdateId = { name: 'update', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const locationId = { name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const subscriberId = { name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const listParams = inputs.listParameters;
const pageParams = inputs.listPageParameters;
/**
 * A list's answer (docs/api.md, "Lists and pagination"): the whole list as `{data}` by default;
 * with `limit` or `after`, one page and `next`, the cursor of the rest (null on the last page).
 */
const listOf = (description: string, item: string) => ({
  200: {
    description: `${description}: all of them, or with limit/after one page and next`,
    ...json({
      oneOf: [
        dataOf({ type: 'array', items: ref(item) }),
        {
          type: 'object',
          required: ['data', 'next'],
          additionalProperties: false,
          properties: { data: { type: 'array', maxItems: LIST_PAGE_MAX, items: ref(item) }, next: { type: ['string', 'null'] } },
        },
      ],
    }),
  },
  ...readErrors,
  422: e[422],
});
const integrationId = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };

export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'upmon REST API',
    version: '1.0.0',
    description:
      'Checks, their pings and status changes (flips), and notification integrations. Pro and Business plans. ' +
      'Errors are {message} (422 adds errors: {field: [messages]}); every timestamp carries a +00:00 offset.',
  },
  servers: [{ url: '/api/v1' }],
  security: [{ bearer: [] }],
  paths: {
    '/ping-domains': {
      get: {
        operationId: 'listPingDomains',
        security: [],
        responses: { 200: { description: 'Current ping domains', ...json(dataOf({ type: 'array', items: { type: 'string', format: 'uri' } })) }, 500: e[500] },
      },
    },
    '/openapi.json': {
      get: {
        operationId: 'getOpenApi',
        security: [],
        responses: { 200: { description: 'This document', ...json({ type: 'object', required: ['openapi', 'paths'] }) } },
      },
    },
    '/checks': {
      get: {
        operationId: 'listChecks',
        description: "The key's project's checks, oldest first (created_at, id), streamed; opt-in keyset pages with limit and after.",
        parameters: pageParams,
        responses: listOf('Checks', 'Check'),
      },
      post: {
        operationId: 'createCheck',
        requestBody: { required: true, ...json(ref('CheckInput')) },
        responses: { 201: { description: 'Created', ...json(dataOf(ref('Check'))) }, ...writeErrors, 422: e[422] },
      },
    },
    '/checks/{uuid}': {
      parameters: [checkId],
      get: {
        operationId: 'getCheck',
        responses: { 200: { description: 'The check', ...json(dataOf(ref('Check'))) }, ...readErrors, 404: e[404] },
      },
      patch: {
        operationId: 'updateCheck',
        description: 'Partial: absent fields keep their values; kind and slug are ignored; the merged result is validated.',
        requestBody: { required: true, ...json(ref('CheckPatch')) },
        responses: { 200: { description: 'Updated', ...json(dataOf(ref('Check'))) }, ...writeErrors, 404: e[404], 422: e[422] },
      },
      delete: {
        operationId: 'deleteCheck',
        description: 'Deletes the check with its pings and flips.',
        responses: { 204: { description: 'Deleted' }, ...writeErrors, 404: e[404] },
      },
    },
    '/checks/{uuid}/pause': {
      parameters: [checkId],
      post: {
        operationId: 'pauseCheck',
        description: 'Any status → paused (flip reason manual). Pausing a paused check changes nothing.',
        responses: { 200: { description: 'Paused', ...json(dataOf(ref('Check'))) }, ...writeErrors, 404: e[404] },
      },
    },
    '/checks/{uuid}/resume': {
      parameters: [checkId],
      post: {
        operationId: 'resumeCheck',
        description: 'paused → up (pinged before) or new (never pinged), flip reason resumed.',
        responses: { 200: { description: 'Resumed', ...json(dataOf(ref('Check'))) }, ...writeErrors, 404: e[404], 409: e[409] },
      },
    },
    '/checks/{uuid}/acknowledge': {
      parameters: [checkId],
      post: {
        operationId: 'acknowledgeCheck',
        description:
          "An addition to the spec: acknowledges the down check's current episode (by this API key): its reminders and pending escalations stop. A second acknowledgement keeps the first. 409 when the check is not down. The check's recovery clears it.",
        responses: { 200: { description: 'Acknowledged', ...json(dataOf(ref('Check'))) }, ...writeErrors, 404: e[404], 409: e[409] },
      },
    },
    '/checks/{uuid}/snooze': {
      parameters: [checkId],
      post: {
        operationId: 'snoozeCheck',
        description:
          "An addition to the spec: mutes the check's notifications (monitoring goes on) for 1 or 4 hours, until 09:00 on the next day in `tz` (default: the check's zone), or until the check next recovers (that recovery's own notification included). Replaces a snooze in force. Audit-logged. Docs: docs/notifications.md, \"Snooze\".",
        requestBody: { required: true, ...json(ref('SnoozeInput')) },
        responses: { 200: { description: 'Snoozed', ...json(dataOf(ref('Check'))) }, ...writeErrors, 404: e[404], 422: e[422] },
      },
      delete: {
        operationId: 'endSnooze',
        description: "An addition to the spec: ends the check's snooze now (nothing to end is not an error). Audit-logged.",
        responses: { 200: { description: 'Snooze ended', ...json(dataOf(ref('Check'))) }, ...writeErrors, 404: e[404] },
      },
    },
    '/checks/{uuid}/response-times': {
      parameters: [checkId],
      get: {
        operationId: 'getResponseTimes',
        description:
          'An addition to the spec: response times of a probed check over `range`, from its rollups (docs/probe-checks.md, "Response times"): p50, p95, mean, max and mean phases per point (24h: 10-minute points; 7d: hourly; 30d: 4-hourly). A heartbeat check has no probes: every point is empty.',
        parameters: [{ name: 'range', in: 'query', required: false, schema: { enum: ['24h', '7d', '30d'], default: '24h' } }],
        responses: { 200: { description: 'Response times', ...json(dataOf(ref('ResponseTimes'))) }, ...readErrors, 404: e[404], 422: e[422] },
      },
    },
    '/checks/{uuid}/locations': {
      parameters: [checkId],
      get: {
        operationId: 'getCheckLocations',
        description:
          "An addition to the spec: where a probed check is probed from (its own locations, or every public one), each location's last result, response time and reason, whether it is stale, and the quorum (docs/locations.md). A heartbeat check has none.",
        responses: { 200: { description: 'Locations', ...json(dataOf(ref('CheckLocations'))) }, ...readErrors, 404: e[404] },
      },
    },
    '/checks/{uuid}/certificate': {
      parameters: [checkId],
      get: {
        operationId: 'getCertificate',
        description:
          'An addition to the spec: the certificate the server of a TLS-speaking check (https, tcp with tls, tls) presented last, with its days left. 404 when none was seen yet.',
        responses: { 200: { description: 'Certificate', ...json(dataOf(ref('Certificate'))) }, ...readErrors, 404: e[404] },
      },
    },
    '/checks/{uuid}/pings': {
      parameters: [checkId],
      get: {
        operationId: 'listPings',
        description: 'Newest first.',
        parameters: listParams,
        responses: {
          200: { description: 'Pings', ...json(dataOf({ type: 'array', maxItems: 100, items: ref('Ping') })) },
          ...readErrors,
          404: e[404],
          422: e[422],
        },
      },
    },
    '/checks/{uuid}/flips': {
      parameters: [checkId],
      get: {
        operationId: 'listFlips',
        description: 'Newest first.',
        parameters: listParams,
        responses: {
          200: { description: 'Flips', ...json(dataOf({ type: 'array', maxItems: 100, items: ref('Flip') })) },
          ...readErrors,
          404: e[404],
          422: e[422],
        },
      },
    },
    '/audit-log': {
      get: {
        operationId: 'listAuditLog',
        description:
          'An addition to the spec: the audit events done in the key\'s project (docs/api.md, "the audit log"), newest first: checks, integrations, ' +
          'maintenance windows and status pages created or deleted, incidents and their updates, API keys created, rotated and revoked, private locations changed, with who, when and from where. ' +
          "Not other projects' events nor the account's own (sign-ins, members, two-factor): those are on the account's audit log page. " +
          'Read-write keys only (403 for read-only keys). Pass next_cursor as cursor for the next page; null on the last one. Events are kept 365 days.',
        parameters: inputs.auditLogParameters,
        responses: {
          200: {
            description: 'A page of events',
            ...json({
              type: 'object',
              additionalProperties: false,
              required: ['data', 'next_cursor'],
              properties: { data: { type: 'array', maxItems: 100, items: ref('AuditEvent') }, next_cursor: { type: ['string', 'null'] } },
            }),
          },
          ...readErrors,
          422: e[422],
        },
      },
    },
    ...ssoPaths(e),
    ...codePaths(e),
    ...oncallPaths({ e, readErrors, writeErrors, range: inputs.oncallRangeParameters }),
    '/badges': {
      get: {
        operationId: 'listBadges',
        description:
          "URLs of the project's public status badges: `*` (all checks) first, then one per tag in use, each as SVG, JSON and " +
          "shields.io endpoint. The URLs carry the project's badge key, not an API key; append `?states=2` to show late checks as up.",
        responses: { 200: { description: 'Badges', ...json(dataOf({ type: 'array', items: ref('Badge') })) }, ...readErrors },
      },
    },
    '/status-page': {
      get: {
        operationId: 'getStatusPage',
        description: "An addition to the spec: the project's public status page (docs/status-pages.md); 404 while it has none.",
        responses: { 200: { description: 'The status page', ...json(dataOf(ref('StatusPage'))) }, ...readErrors, 404: e[404] },
      },
      put: {
        operationId: 'putStatusPage',
        description:
          'An addition to the spec: creates or replaces the status page (groups and their checks as a whole; the public key stays). ' +
          "Every check must be one of the project's and appear once; at most 20 groups and 100 checks in all. A new page is off unless enabled is true.",
        requestBody: { required: true, ...json(ref('StatusPageInput')) },
        responses: { 200: { description: 'Saved', ...json(dataOf(ref('StatusPage'))) }, ...writeErrors, 422: e[422] },
      },
      delete: {
        operationId: 'deleteStatusPage',
        description: 'An addition to the spec: deletes the status page; a later one gets a new public URL.',
        responses: { 204: { description: 'Deleted' }, ...writeErrors, 404: e[404] },
      },
    },
    '/status-page/incidents': {
      get: {
        operationId: 'listIncidents',
        description:
          'An addition to the spec: incidents announced on the project\'s status page (docs/status-pages.md, "Incidents"), newest first by started_at; ' +
          '`before` takes the last started_at of a page for the next one. 404 while the project has no status page.',
        parameters: listParams,
        responses: {
          200: { description: 'Incidents', ...json(dataOf({ type: 'array', maxItems: 100, items: ref('Incident') })) },
          ...readErrors,
          404: e[404],
          422: e[422],
        },
      },
      post: {
        operationId: 'createIncident',
        description:
          'Opens an incident with its first update. Components are checks shown on the page or its named groups, each once. 409 at 20 incidents not resolved.',
        requestBody: { required: true, ...json(ref('IncidentInput')) },
        responses: { 201: { description: 'Opened', ...json(dataOf(ref('Incident'))) }, ...writeErrors, 404: e[404], 409: e[409], 422: e[422] },
      },
    },
    '/status-page/incidents/{uuid}': {
      parameters: [incidentId],
      get: {
        operationId: 'getIncident',
        responses: { 200: { description: 'The incident', ...json(dataOf(ref('Incident'))) }, ...readErrors, 404: e[404] },
      },
      patch: {
        operationId: 'updateIncident',
        description: 'Changes the title and/or the components (given components replace the stored ones). States change by posting updates.',
        requestBody: { required: true, ...json(ref('IncidentPatch')) },
        responses: { 200: { description: 'Updated', ...json(dataOf(ref('Incident'))) }, ...writeErrors, 404: e[404], 422: e[422] },
      },
      delete: {
        operationId: 'deleteIncident',
        description: 'Deletes the incident and its updates (it leaves the page and its history).',
        responses: { 204: { description: 'Deleted' }, ...writeErrors, 404: e[404] },
      },
    },
    '/status-page/incidents/{uuid}/updates': {
      parameters: [incidentId],
      post: {
        operationId: 'addIncidentUpdate',
        description:
          'Posts an update; the incident takes its state (resolved sets resolved_at; another state reopens a resolved incident). 409 at 100 updates.',
        requestBody: { required: true, ...json(ref('IncidentUpdateInput')) },
        responses: { 201: { description: 'Posted: the incident', ...json(dataOf(ref('Incident'))) }, ...writeErrors, 404: e[404], 409: e[409], 422: e[422] },
      },
    },
    '/status-page/incidents/{uuid}/updates/{update}': {
      parameters: [incidentId, incidentUpdateId],
      patch: {
        operationId: 'editIncidentUpdate',
        description: "Changes an update's message; it is marked edited (edited_at).",
        requestBody: { required: true, ...json(ref('IncidentUpdateEdit')) },
        responses: { 200: { description: 'Edited: the incident', ...json(dataOf(ref('Incident'))) }, ...writeErrors, 404: e[404], 422: e[422] },
      },
      delete: {
        operationId: 'deleteIncidentUpdate',
        description: 'Deletes an update; the incident takes the state of its newest remaining one. 409 for its last update (delete the incident instead).',
        responses: { 200: { description: 'Deleted: the incident', ...json(dataOf(ref('Incident'))) }, ...writeErrors, 404: e[404], 409: e[409] },
      },
    },
    '/status-page/subscribers': {
      get: {
        operationId: 'listStatusPageSubscribers',
        description:
          'An addition to the spec: who hears of the status page\'s incidents (docs/status-pages.md, "Subscribers"), newest first by created_at, with the counts by kind. ' +
          'Addresses are personal data: read-write keys only. 404 while the project has no status page.',
        parameters: listParams,
        responses: {
          200: {
            description: 'Subscribers',
            ...json({
              type: 'object',
              required: ['data', 'counts'],
              additionalProperties: false,
              properties: { data: { type: 'array', maxItems: 100, items: ref('StatusPageSubscriber') }, counts: ref('SubscriberCounts') },
            }),
          },
          ...readErrors,
          404: e[404],
          422: e[422],
        },
      },
      post: {
        operationId: 'addStatusPageSubscriber',
        description:
          'Adds a webhook subscriber: each incident update is POSTed to its URL as JSON (through the outbound guard), with the same delivery_id on every attempt. ' +
          "E-mail addresses subscribe on the public page (double opt-in) or come in by import. 409 at the plan's number of subscribers or for a URL already there.",
        requestBody: { required: true, ...json(ref('StatusPageSubscriberInput')) },
        responses: { 201: { description: 'Added', ...json(dataOf(ref('StatusPageSubscriber'))) }, ...writeErrors, 404: e[404], 409: e[409], 422: e[422] },
      },
    },
    '/status-page/subscribers/export': {
      get: {
        operationId: 'exportStatusPageSubscribers',
        description: 'The confirmed e-mail subscribers as CSV (email,confirmed_at; RFC 4180), oldest first. Read-write keys only; audited.',
        responses: {
          200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...readErrors,
          404: e[404],
        },
      },
    },
    '/status-page/subscribers/import': {
      post: {
        operationId: 'importStatusPageSubscribers',
        description:
          'Adds confirmed e-mail subscribers from CSV text (the first column; a first line "email" is a header): at most 5,000 addresses; ' +
          "addresses already there are kept (a waiting one is confirmed). 409, importing nothing, when the page would pass its plan's number of subscribers. Audited.",
        requestBody: { required: true, ...json(ref('SubscriberImport')) },
        responses: { 200: { description: 'Imported', ...json(dataOf(ref('SubscriberImportResult'))) }, ...writeErrors, 404: e[404], 409: e[409], 422: e[422] },
      },
    },
    '/status-page/subscribers/{uuid}': {
      parameters: [subscriberId],
      delete: {
        operationId: 'removeStatusPageSubscriber',
        description: 'Removes a subscriber; deliveries to it not yet sent are dropped. Audited (by id, never by address).',
        responses: { 204: { description: 'Removed' }, ...writeErrors, 404: e[404] },
      },
    },
    '/maintenance': {
      get: {
        operationId: 'listMaintenance',
        description:
          'An addition to the spec: the maintenance windows of the project (docs/notifications.md, "Maintenance windows"): recurring ones, and one-off ones that ended less than 30 days ago; newest first.',
        parameters: pageParams,
        responses: listOf('Maintenance windows', 'Maintenance'),
      },
      post: {
        operationId: 'createMaintenance',
        description:
          'An addition to the spec: a window during which notifications about its checks are held (a digest is sent when it ends if a check is still not up). ' +
          'One-off {starts_at, ends_at}, recurring {schedule, tz, duration_min}, or {duration_min} alone: from now (e.g. before a deploy). ' +
          'Scope: checks, or tags, or neither (the whole project). 409 when the project already has 50 windows that are recurring or not over.',
        requestBody: { required: true, ...json(ref('MaintenanceInput')) },
        responses: { 201: { description: 'Created', ...json(dataOf(ref('Maintenance'))) }, ...writeErrors, 409: e[409], 422: e[422] },
      },
    },
    '/maintenance/{uuid}': {
      parameters: [maintenanceId],
      get: {
        operationId: 'getMaintenance',
        responses: { 200: { description: 'The maintenance window', ...json(dataOf(ref('Maintenance'))) }, ...readErrors, 404: e[404] },
      },
      patch: {
        operationId: 'updateMaintenance',
        description:
          'The fields given replace the stored ones; giving any of starts_at, ends_at, schedule, tz, duration_min replaces all of them (and reopens a window ended early), giving checks or tags replaces the scope.',
        requestBody: { required: true, ...json(ref('MaintenancePatch')) },
        responses: { 200: { description: 'Updated', ...json(dataOf(ref('Maintenance'))) }, ...writeErrors, 404: e[404], 422: e[422] },
      },
      delete: {
        operationId: 'deleteMaintenance',
        description: 'What the window held is looked at at once: one digest per check still not up.',
        responses: { 204: { description: 'Deleted' }, ...writeErrors, 404: e[404] },
      },
    },
    '/maintenance/{uuid}/end': {
      parameters: [maintenanceId],
      post: {
        operationId: 'endMaintenance',
        description:
          'Ends the window now (a recurring window: the occurrence in progress; an upcoming one-off window is called off). 409 when nothing is in progress or to come.',
        responses: { 200: { description: 'Ended', ...json(dataOf(ref('Maintenance'))) }, ...writeErrors, 404: e[404], 409: e[409] },
      },
    },
    '/slos': {
      get: {
        operationId: 'listSlos',
        description: 'An addition to the spec: the service level objectives of the project (docs/slos.md), oldest first.',
        responses: { 200: { description: 'SLOs', ...json(dataOf({ type: 'array', items: ref('Slo') })) }, ...readErrors },
      },
      post: {
        operationId: 'createSlo',
        description:
          'An availability target for one check (check) or every check with a tag (tag), over a rolling 7, 28 or 30 days or the calendar month in tz; ' +
          'optionally a latency target for probed checks. Maintenance is not counted (docs/slos.md). 409 when the project already has 50 SLOs.',
        requestBody: { required: true, ...json(ref('SloInput')) },
        responses: { 201: { description: 'Created', ...json(dataOf(ref('Slo'))) }, ...writeErrors, 409: e[409], 422: e[422] },
      },
    },
    '/slos/{uuid}': {
      parameters: [sloId],
      get: {
        operationId: 'getSlo',
        responses: { 200: { description: 'The SLO', ...json(dataOf(ref('Slo'))) }, ...readErrors, 404: e[404] },
      },
      patch: {
        operationId: 'updateSlo',
        description: 'The fields given replace the stored ones; giving check or tag replaces both.',
        requestBody: { required: true, ...json(ref('SloPatch')) },
        responses: { 200: { description: 'Updated', ...json(dataOf(ref('Slo'))) }, ...writeErrors, 404: e[404], 422: e[422] },
      },
      delete: {
        operationId: 'deleteSlo',
        responses: { 204: { description: 'Deleted' }, ...writeErrors, 404: e[404] },
      },
    },
    '/slos/{uuid}/status': {
      parameters: [sloId],
      get: {
        operationId: 'getSloStatus',
        description: 'Where the SLO stands now: availability and error budget over its window, the burn rates of its two alerts, the latency share.',
        responses: { 200: { description: 'Its status', ...json(dataOf(ref('SloStatus'))) }, ...readErrors, 404: e[404] },
      },
    },
    '/reports': {
      get: {
        operationId: 'getReport',
        description:
          'An addition to the spec: a report (docs/slos.md, "Reports") on a check (check), the checks with a tag (tag) or the whole project, over a calendar month in tz (month) ' +
          'or a range (from, to; at most 366 days): uptime, downtime and incidents with their reasons per check, response-time percentiles of probed checks, ' +
          'and the attainment of the SLOs about those checks. Maintenance is not counted. format=csv: a CSV file, one row per check (rows=checks) or per incident (rows=incidents).',
        parameters: inputs.reportParameters,
        responses: {
          200: {
            description: 'The report',
            content: {
              'application/json': { schema: dataOf(ref('Report')) },
              'text/csv': { schema: { type: 'string', description: 'RFC 4180, a header row first' } },
            },
          },
          ...readErrors,
          404: e[404],
          422: e[422],
        },
      },
    },
    '/locations': {
      get: {
        operationId: 'listLocations',
        description:
          'An addition to the spec: the account\'s private locations (docs/locations.md, "Private locations"), revoked ones included, newest first. Any project key of the account sees them.',
        parameters: pageParams,
        responses: listOf('Private locations', 'PrivateLocation'),
      },
      post: {
        operationId: 'createLocation',
        description:
          "A private location: a prober run inside your own network with the returned `key` (shown in this response only; upmon keeps its SHA-256). Name it in a check's `locations` by its `code`. 409 past 20 live locations per account.",
        requestBody: { required: true, ...json(ref('PrivateLocationInput')) },
        responses: { 201: { description: 'Created', ...json(dataOf(ref('PrivateLocationWithKey'))) }, ...writeErrors, 409: e[409], 422: e[422] },
      },
    },
    '/locations/{uuid}': {
      parameters: [locationId],
      get: {
        operationId: 'getLocation',
        responses: { 200: { description: 'The private location', ...json(dataOf(ref('PrivateLocation'))) }, ...readErrors, 404: e[404] },
      },
    },
    '/locations/{uuid}/rotate-key': {
      parameters: [locationId],
      post: {
        operationId: 'rotateLocationKey',
        description:
          'A new key (in this response only); the old one keeps working for grace_sec seconds (0: refused from the next request). 409 for a revoked location.',
        requestBody: { required: true, ...json(ref('LocationKeyRotation')) },
        responses: { 200: { description: 'Rotated', ...json(dataOf(ref('PrivateLocationWithKey'))) }, ...writeErrors, 404: e[404], 409: e[409], 422: e[422] },
      },
    },
    '/locations/{uuid}/revoke': {
      parameters: [locationId],
      post: {
        operationId: 'revokeLocation',
        description: 'Revokes the location: its key is refused (401) from the next request and its prober stops within a minute. Idempotent.',
        responses: { 200: { description: 'Revoked', ...json(dataOf(ref('PrivateLocation'))) }, ...writeErrors, 404: e[404] },
      },
    },
    '/prober/jobs': {
      get: {
        operationId: 'takeProbes',
        security: [{ locationKey: [] }],
        description:
          "For a private location's prober (PROBER_MODE=remote, docs/locations.md): long poll. The due probes of the account's checks that name the location, with each check's probe config (credentials included), " +
          'at once when some are due, else as soon as some are, or none after `wait` seconds. Each probe is handed out once; 401 once the key is revoked or rotated out.',
        parameters: [
          {
            name: 'wait',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 0, maximum: 30, default: 25 },
            description: 'Seconds to wait for due probes',
          },
        ],
        responses: {
          200: {
            description: 'Due probes (possibly none)',
            ...json(
              dataOf({
                type: 'object',
                additionalProperties: false,
                required: ['location', 'probes'],
                properties: {
                  location: { type: 'string', description: "The location's code" },
                  probes: {
                    type: 'array',
                    maxItems: 100,
                    items: {
                      type: 'object',
                      additionalProperties: false,
                      required: ['check_id', 'scheduled_at', 'kind', 'config'],
                      properties: {
                        check_id: { type: 'string', format: 'uuid' },
                        scheduled_at: { type: 'string', format: 'date-time' },
                        kind: { enum: [...PROBED_KINDS] },
                        config: { type: 'object', description: "The check's <kind>_config, as the API takes it" },
                      },
                    },
                  },
                },
              }),
            ),
          },
          401: e[401],
          422: e[422],
          429: e[429],
          500: e[500],
        },
      },
    },
    '/prober/results': {
      post: {
        operationId: 'reportProbes',
        security: [{ locationKey: [] }],
        description:
          'The results of probes handed to this location (at most 100 per request, 1 MiB). Each handed probe is accepted once; any other is listed in `refused` and not recorded. ' +
          "Results are recorded like every location's: the location's state, the check's quorum, a ping.",
        requestBody: { required: true, ...json(ref('RemoteProbeResults')) },
        responses: {
          200: {
            description: 'Recorded',
            ...json(
              dataOf({
                type: 'object',
                additionalProperties: false,
                required: ['recorded', 'refused'],
                properties: {
                  recorded: { type: 'integer' },
                  refused: {
                    type: 'array',
                    items: {
                      type: 'object',
                      additionalProperties: false,
                      required: ['check_id', 'scheduled_at', 'reason'],
                      properties: { check_id: { type: 'string' }, scheduled_at: { type: 'string' }, reason: { type: 'string' } },
                    },
                  },
                },
              }),
            ),
          },
          400: e[400],
          401: e[401],
          413: e[413],
          415: e[415],
          422: e[422],
          429: e[429],
          500: e[500],
        },
      },
    },
    '/integrations': {
      get: {
        operationId: 'listIntegrations',
        description: 'By id; opt-in keyset pages with limit and after.',
        parameters: pageParams,
        responses: listOf('Integrations', 'Integration'),
      },
      post: {
        operationId: 'createIntegration',
        requestBody: { required: true, ...json(ref('IntegrationInput')) },
        responses: {
          201: {
            description: 'Created; telegram_deep_link only for kind telegram',
            ...json({
              type: 'object',
              required: ['data'],
              additionalProperties: false,
              properties: { data: ref('Integration'), telegram_deep_link: { type: 'string', format: 'uri' } },
            }),
          },
          ...writeErrors,
          422: e[422],
        },
      },
    },
    '/integrations/{id}': {
      parameters: [integrationId],
      patch: {
        operationId: 'updateIntegration',
        description: 'Partial, validated on the merged result; config (when given) replaces the stored one; a different kind is 422.',
        requestBody: { required: true, ...json(ref('IntegrationPatch')) },
        responses: { 200: { description: 'Updated', ...json(dataOf(ref('Integration'))) }, ...writeErrors, 404: e[404], 422: e[422] },
      },
      delete: {
        operationId: 'deleteIntegration',
        responses: { 204: { description: 'Deleted' }, ...writeErrors, 404: e[404] },
      },
    },
    '/integrations/{id}/telegram-link': {
      parameters: [integrationId],
      post: {
        operationId: 'issueTelegramLink',
        description:
          'An addition to the spec: a new one-time deep link for a telegram integration (links expire 24 hours after they are issued). ' +
          'The previous link stops working; a chat already linked stays linked until the new link is opened. 409 for other kinds.',
        responses: {
          200: {
            description: 'A new link',
            ...json({
              type: 'object',
              required: ['data', 'telegram_deep_link'],
              additionalProperties: false,
              properties: { data: ref('Integration'), telegram_deep_link: { type: 'string', format: 'uri' } },
            }),
          },
          ...writeErrors,
          404: e[404],
          409: e[409],
        },
      },
    },
  },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'Project API key: upm_rw_… (read-write) or upm_ro_… (read-only)' },
      locationKey: { type: 'http', scheme: 'bearer', description: "A private location's key: upl_… (its prober's only credential)" },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['message'],
        additionalProperties: false,
        properties: { message: { type: 'string' }, error_id: { type: 'string', description: 'Only on 500: the id under which the error was logged' } },
      },
      ValidationError: {
        type: 'object',
        required: ['message', 'errors'],
        additionalProperties: false,
        properties: {
          message: { type: 'string' },
          errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 1 } },
        },
      },
      ...inputs.components,
      // Each beside its presenter in @upmon/domain, the presenter's return type derived from it.
      ...API_RESPONSE_SCHEMAS,
    },
  },
} as const;
