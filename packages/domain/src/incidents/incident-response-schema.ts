import { Type, type Static } from '@sinclair/typebox';
import { dateTime, nullable, nullableDateTime, oneOfValues, responseObject } from '../validation/response-schema.js';
import { INCIDENT_IMPACTS, INCIDENT_STATES } from './incident-input.js';

/** One update of an incident (`presentIncidentUpdate`). */
export const IncidentUpdateResponse = responseObject({
  id: Type.String({ format: 'uuid' }),
  state: oneOfValues(INCIDENT_STATES),
  message: Type.String({ description: 'As written (a small Markdown subset; the public page renders it, escaping everything else)' }),
  created_at: dateTime(),
  edited_at: nullableDateTime({ description: 'When its message was last edited (the page says "edited")' }),
});
export type IncidentUpdateResponse = Static<typeof IncidentUpdateResponse>;

/** An incident of the project's status page as the API returns it (`presentIncident`). */
export const IncidentResponse = responseObject({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  state: oneOfValues(INCIDENT_STATES, { description: "Its newest update's state" }),
  impact: oneOfValues(['none', ...INCIDENT_IMPACTS], { description: "The worst of its components' impacts (none without components)" }),
  components: Type.Array(
    responseObject({
      check: nullable('string', { format: 'uuid', description: 'The check, for a check of the page' }),
      group: nullable('string', { description: 'The group name, for a group of the page' }),
      name: Type.String({ description: 'The check or group name when the incident was last saved' }),
      impact: oneOfValues(INCIDENT_IMPACTS),
    }),
  ),
  started_at: dateTime(),
  resolved_at: nullableDateTime({ description: 'When an update resolved it; null while open' }),
  updated_at: dateTime(),
  updates: Type.Array(IncidentUpdateResponse, { description: 'Newest first' }),
});
export type IncidentResponse = Static<typeof IncidentResponse>;
