import { isIP } from 'node:net';
import { Joi } from '@upmon/bounded-joi';

/** A DNS name: labels of letters, digits, '-' and '_' (SRV names), at most 253 characters, optional final dot. */
export const DNS_NAME = /^(?=.{1,253}\.?$)([A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)(\.[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?$/;

/** A host to connect to: a DNS name or an IP address (IPv6 without brackets). */
export const hostSchema = Joi.string()
  .max(253)
  .custom((value: string, helpers) => (isIP(value) || DNS_NAME.test(value) ? value.toLowerCase() : helpers.error('any.invalid')))
  .messages({ 'any.invalid': 'must be a host name or an IP address' });

export const portSchema = Joi.number().integer().min(1).max(65535);

/** A TLS server name (SNI): a DNS name, never an IP address. */
export const serverNameSchema = Joi.string()
  .max(253)
  .custom((value: string, helpers) => (!isIP(value) && DNS_NAME.test(value) ? value.toLowerCase() : helpers.error('any.invalid')))
  .messages({ 'any.invalid': 'must be a host name (not an IP address)' });

export const timeoutSchema = Joi.number().integer().min(1).max(30);
export const confirmationsSchema = Joi.number().integer().min(1).max(5).default(2);
