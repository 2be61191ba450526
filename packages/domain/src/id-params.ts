import { ApiError } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id cannot name anything: 404, the same answer as an unknown one. */
export function checkIdParam(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw ApiError.notFound('check not found');
  return value.toLowerCase();
}

export function integrationIdParam(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw ApiError.notFound('integration not found');
  }
  return Number(value);
}

export function maintenanceIdParam(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw ApiError.notFound('maintenance window not found');
  return value.toLowerCase();
}

export function locationIdParam(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw ApiError.notFound('location not found');
  return value.toLowerCase();
}

export function subscriberIdParam(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw ApiError.notFound('subscriber not found');
  return value.toLowerCase();
}

export function incidentIdParam(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw ApiError.notFound('incident not found');
  return value.toLowerCase();
}

export function incidentUpdateIdParam(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw ApiError.notFound('incident update not found');
  return value.toLowerCase();
}

/** A uuid path segment of the on-call resources; `what` names it in the 404. */
export function oncallIdParam(value: unknown, what: 'on-call schedule' | 'layer' | 'override' | 'user'): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw ApiError.notFound(`${what} not found`);
  return value.toLowerCase();
}

export function sloIdParam(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw ApiError.notFound('SLO not found');
  return value.toLowerCase();
}
