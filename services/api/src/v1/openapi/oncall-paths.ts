/**
 * The on-call paths of the OpenAPI document (docs/oncall.md, "REST API"). Kept apart from
 * document.ts so the on-call contract reads in one place; bodies and responses are the domain's
 * joi and response schemas, listed in the document's components.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const dataOf = (schema: unknown) => ({ type: 'object', required: ['data'], additionalProperties: false, properties: { data: schema } });
const ok = (description: string, schema: unknown) => ({ description, ...json(dataOf(schema)) });
const uuid = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } });

interface Errors {
  e: Record<404 | 409 | 422, unknown>;
  readErrors: Record<number, unknown>;
  writeErrors: Record<number, unknown>;
  /** The from/to query of the ranged reads. */
  range: unknown[];
}

export function oncallPaths({ e, readErrors, writeErrors, range }: Errors) {
  const schedule = ref('OncallSchedule');
  const feed = ok('The secret iCal address', ref('OncallFeed'));
  return {
    '/oncall/schedules': {
      get: {
        operationId: 'listOncallSchedules',
        description: "An addition to the spec: the project's on-call schedules with their layers, oldest first (docs/oncall.md).",
        responses: { 200: ok('Schedules', { type: 'array', items: schedule }), ...readErrors },
      },
      post: {
        operationId: 'createOncallSchedule',
        description: 'An addition to the spec: a schedule without layers (add them with POST …/layers). 409 past 100 schedules in a project. Audit-logged.',
        requestBody: { required: true, ...json(ref('OncallScheduleInput')) },
        responses: { 201: ok('Created', schedule), ...writeErrors, 409: e[409], 422: e[422] },
      },
    },
    '/oncall/schedules/{uuid}': {
      parameters: [uuid('uuid')],
      get: { operationId: 'getOncallSchedule', responses: { 200: ok('The schedule', schedule), ...readErrors, 404: e[404] } },
      patch: {
        operationId: 'updateOncallSchedule',
        description: 'Name and description; absent fields keep their values. Audit-logged.',
        requestBody: { required: true, ...json(ref('OncallScheduleInput')) },
        responses: { 200: ok('Updated', schedule), ...writeErrors, 404: e[404], 422: e[422] },
      },
      delete: {
        operationId: 'deleteOncallSchedule',
        description: 'Deletes the schedule with its layers and overrides. Audit-logged.',
        responses: { 204: { description: 'Deleted' }, ...writeErrors, 404: e[404] },
      },
    },
    '/oncall/schedules/{uuid}/layers': {
      parameters: [uuid('uuid')],
      post: {
        operationId: 'createOncallLayer',
        description:
          'Adds a rotation layer (above the others unless position is given). Users must be members of the account; restrictions may not overlap; ' +
          'a turn lasts 1 unit to a year. 409 past 20 layers. Answers the whole schedule. Audit-logged.',
        requestBody: { required: true, ...json(ref('OncallLayerInput')) },
        responses: { 201: ok('The schedule with the new layer', schedule), ...writeErrors, 404: e[404], 409: e[409], 422: e[422] },
      },
    },
    '/oncall/schedules/{uuid}/layers/{layer}': {
      parameters: [uuid('uuid'), uuid('layer')],
      patch: {
        operationId: 'updateOncallLayer',
        description: 'Partial: absent fields keep their values; the merged layer is validated. Answers the whole schedule. Audit-logged.',
        requestBody: { required: true, ...json(ref('OncallLayerPatch')) },
        responses: { 200: ok('The schedule', schedule), ...writeErrors, 404: e[404], 422: e[422] },
      },
      delete: {
        operationId: 'deleteOncallLayer',
        description: 'Answers the schedule without the layer. Audit-logged.',
        responses: { 200: ok('The schedule', schedule), ...writeErrors, 404: e[404] },
      },
    },
    '/oncall/schedules/{uuid}/overrides': {
      parameters: [uuid('uuid')],
      get: {
        operationId: 'listOncallOverrides',
        description: 'Overrides that overlap the range (default: the next 14 days; at most 93 days), oldest made first.',
        parameters: range,
        responses: { 200: ok('Overrides', { type: 'array', items: ref('OncallOverride') }), ...readErrors, 404: e[404], 422: e[422] },
      },
      post: {
        operationId: 'createOncallOverride',
        description:
          'Puts a member on call from starts_at to ends_at (at most 366 days), above every layer; where overrides overlap the later made wins. ' +
          '409 past 500 overrides that have not ended. Audit-logged.',
        requestBody: { required: true, ...json(ref('OncallOverrideInput')) },
        responses: { 201: ok('Created', ref('OncallOverride')), ...writeErrors, 404: e[404], 409: e[409], 422: e[422] },
      },
    },
    '/oncall/schedules/{uuid}/overrides/{override}': {
      parameters: [uuid('uuid'), uuid('override')],
      patch: {
        operationId: 'updateOncallOverride',
        description: 'Partial, validated on the merged result. Audit-logged.',
        requestBody: { required: true, ...json(ref('OncallOverridePatch')) },
        responses: { 200: ok('Updated', ref('OncallOverride')), ...writeErrors, 404: e[404], 422: e[422] },
      },
      delete: {
        operationId: 'deleteOncallOverride',
        description: 'Audit-logged.',
        responses: { 204: { description: 'Deleted' }, ...writeErrors, 404: e[404] },
      },
    },
    '/oncall/schedules/{uuid}/on-call': {
      parameters: [uuid('uuid')],
      get: {
        operationId: 'getOncallNow',
        description: 'Who is on call now (null in a gap) and the next shift, overrides included.',
        responses: { 200: ok('On call now and next', ref('OncallNow')), ...readErrors, 404: e[404] },
      },
    },
    '/oncall/schedules/{uuid}/final': {
      parameters: [uuid('uuid')],
      get: {
        operationId: 'getOncallFinalSchedule',
        description: 'The final schedule within the range (default: the next 14 days; at most 93): who is on call when, gaps left out, spans cut at the range.',
        parameters: range,
        responses: { 200: ok('Shifts', { type: 'array', items: ref('OncallShift') }), ...readErrors, 404: e[404], 422: e[422] },
      },
    },
    '/oncall/schedules/{uuid}/feed': {
      parameters: [uuid('uuid')],
      get: { operationId: 'getOncallScheduleFeed', description: "The schedule's secret iCal address.", responses: { 200: feed, ...readErrors, 404: e[404] } },
    },
    '/oncall/schedules/{uuid}/feed/rotate': {
      parameters: [uuid('uuid')],
      post: {
        operationId: 'rotateOncallScheduleFeed',
        description: 'A new secret iCal address; the old one stops working at once. Audit-logged.',
        responses: { 200: feed, ...writeErrors, 404: e[404] },
      },
    },
    '/oncall/users/{user}/feed': {
      parameters: [uuid('user')],
      get: {
        operationId: 'getOncallUserFeed',
        description: "A member's secret iCal address of their shifts in the project's schedules (made on first ask). 422 for a user outside the account.",
        responses: { 200: feed, ...readErrors, 404: e[404], 422: e[422] },
      },
    },
    '/oncall/users/{user}/feed/rotate': {
      parameters: [uuid('user')],
      post: {
        operationId: 'rotateOncallUserFeed',
        description: "A new secret address for the member's feed; the old one stops working at once. Audit-logged.",
        responses: { 200: feed, ...writeErrors, 404: e[404], 422: e[422] },
      },
    },
  };
}
