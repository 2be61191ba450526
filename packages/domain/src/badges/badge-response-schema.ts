import { Type, type Static } from '@sinclair/typebox';
import { responseObject } from '../validation/response-schema.js';

/** A status badge's URLs as the API lists them (`presentBadge`). */
export const BadgeResponse = responseObject({
  tag: Type.String({ description: '`*` for the badge of all checks' }),
  svg: Type.String({ format: 'uri', description: 'Shields-style SVG image: up, late or down' }),
  json: Type.String({ format: 'uri', description: 'JSON {status, total, grace, down}' }),
  shields: Type.String({ format: 'uri', description: 'shields.io endpoint JSON {schemaVersion, label, message, color}' }),
});
export type BadgeResponse = Static<typeof BadgeResponse>;
