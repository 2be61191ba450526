/** Every error the API answers with on purpose. The status comes from `STATUS_BY_CODE` only. */
export type ApiErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'precondition_failed'
  | 'precondition_required'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'rate_limited'
  | 'unavailable';

export const STATUS_BY_CODE: Record<ApiErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  precondition_failed: 412,
  precondition_required: 428,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  unavailable: 503,
};

/** Field name (dotted path for nested fields) → messages. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly options: { errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  static notFound(what = 'not found'): ApiError {
    return new ApiError('not_found', what);
  }

  static validation(errors: FieldErrors, message = 'validation failed'): ApiError {
    return new ApiError('validation_failed', message, { errors });
  }
}

/** Adds one message to a FieldErrors map. */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}
