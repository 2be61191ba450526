/** The SCIM error types of RFC 7644 §3.12 that upmon answers with. */
export type ScimErrorType = 'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'uniqueness' | 'mutability' | 'noTarget' | 'tooMany';

/** A SCIM error: answered as `urn:ietf:params:scim:api:messages:2.0:Error` with this status. */
export class ScimError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500,
    message: string,
    readonly scimType: ScimErrorType | null = null,
  ) {
    super(message);
    this.name = 'ScimError';
  }
}

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export function presentScimError(e: ScimError) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(e.status), ...(e.scimType ? { scimType: e.scimType } : {}), detail: e.message };
}
