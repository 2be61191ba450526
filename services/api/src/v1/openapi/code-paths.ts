/**
 * /code in the OpenAPI document (docs/monitoring-as-code.md): the plan, the export and the
 * conditional upserts and deletes by key that the `upmon` CLI uses. Kept apart from document.ts so
 * the monitoring-as-code contract reads in one place. Resource bodies are the CheckInput and
 * IntegrationInput of the rest of the API, except that `depends_on` and `integrations` name keys.
 */
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const KEY = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,99}$', maxLength: 100 };
const keyParam = { name: 'key', in: 'path', required: true, schema: KEY };
const etag = { type: 'string', description: 'An entity tag: a quoted string' };
const resources = { type: 'object', description: 'Resources by key', additionalProperties: { type: 'object' } };
const resourceBody = {
  type: 'object',
  description:
    "A check (CheckInput, plus `integrations`: keys of the integrations it notifies, null for the integrations' tags rule; `depends_on` holds check keys) or an integration (IntegrationInput).",
};
const fieldChange = {
  type: 'object',
  additionalProperties: false,
  required: ['field'],
  properties: {
    field: { type: 'string', description: 'Dotted path (schedule.period_sec)' },
    from: { description: 'Live value; absent for a secret or a field that is not set' },
    to: { description: 'Value in the files; absent for a secret or a field the files leave out' },
    secret: { const: true, description: 'A credential: it changes, its values are never shown' },
  },
};
const codeChange = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'key', 'action', 'fields'],
  properties: {
    type: { enum: ['check', 'integration'] },
    key: KEY,
    action: { enum: ['create', 'update', 'delete', 'unchanged', 'unmanaged'] },
    etag: { ...etag, description: "The live resource's entity tag, for If-Match (absent for a create)" },
    fields: { type: 'array', items: fieldChange },
  },
};
const applied = {
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: {
    data: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'key', 'action', 'etag'],
      properties: { type: { enum: ['check', 'integration'] }, key: KEY, action: { enum: ['created', 'updated', 'unchanged'] }, etag },
    },
    telegram_deep_link: { type: 'string', format: 'uri' },
  },
};
const ifMatch = {
  name: 'If-Match',
  in: 'header',
  required: false,
  schema: etag,
  description: 'The ETag from the plan: the write happens only if the resource is still as planned (else 412)',
};
const ifNoneMatch = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  schema: { const: '*' },
  description: '`*`: create only (412 if the key exists meanwhile)',
};
const preconditionErrors = (errorResponse: unknown) => ({
  412: { ...(errorResponse as object), description: 'The resource changed (or was created or deleted) since it was planned: plan again' },
  428: { ...(errorResponse as object), description: 'Neither If-Match nor If-None-Match: * was sent' },
});

export function codePaths(e: Record<number, unknown>) {
  const readErrors = { 401: e[401], 403: e[403], 429: e[429], 500: e[500] };
  const writeErrors = { ...readErrors, 400: e[400], 413: e[413], 415: e[415] };
  const upsert = (what: string, operationId: string) => ({
    parameters: [keyParam],
    put: {
      operationId,
      description: `Creates or updates the ${what} applied under the key (docs/monitoring-as-code.md, "Apply"). A body equal to the live ${what} writes nothing (action unchanged). The response carries the new ETag.`,
      parameters: [ifMatch, ifNoneMatch],
      requestBody: { required: true, ...json(resourceBody) },
      responses: {
        200: { description: 'Updated or unchanged', headers: { ETag: { schema: etag } }, ...json(applied) },
        201: { description: 'Created', headers: { ETag: { schema: etag } }, ...json(applied) },
        ...writeErrors,
        ...preconditionErrors(e[404]),
        422: e[422],
      },
    },
    delete: {
      operationId: operationId.replace('apply', 'delete'),
      description: `Deletes the ${what} applied under the key (apply --prune), if it is still as planned.`,
      parameters: [ifMatch],
      responses: { 204: { description: 'Deleted' }, ...writeErrors, ...preconditionErrors(e[404]), 422: e[422] },
    },
  });
  return {
    '/code/plan': {
      post: {
        operationId: 'planCode',
        description:
          'Compares a project described by files (resources by key, credentials already taken from the environment) with what is live, field by field, in the order an apply takes them. `prune`: live resources the files do not name are planned for deletion (else listed as unmanaged). Writes nothing.',
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            additionalProperties: false,
            properties: { checks: resources, integrations: resources, prune: { type: 'boolean', default: false } },
          }),
        },
        responses: {
          200: {
            description: 'The plan',
            ...json({ type: 'object', required: ['data'], additionalProperties: false, properties: { data: { type: 'array', items: codeChange } } }),
          },
          ...writeErrors,
          422: e[422],
        },
      },
    },
    '/code/export': {
      get: {
        operationId: 'exportCode',
        description: 'The project as files: checks and integrations by key, credentials as ${VAR} references to the variables listed in env.',
        responses: {
          200: {
            description: 'The files',
            ...json({
              type: 'object',
              required: ['data'],
              additionalProperties: false,
              properties: {
                data: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['checks', 'integrations', 'env'],
                  properties: {
                    checks: resources,
                    integrations: resources,
                    env: {
                      type: 'array',
                      items: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['name', 'field'],
                        properties: { name: { type: 'string' }, field: { type: 'string' } },
                      },
                    },
                  },
                },
              },
            }),
          },
          ...readErrors,
        },
      },
    },
    '/code/checks/{key}': upsert('check', 'applyCodeCheck'),
    '/code/integrations/{key}': upsert('integration', 'applyCodeIntegration'),
  };
}
