/**
 * joi for request bodies: every string and array checks its length limit first, and a value over
 * it stops there (docs/api.md, "Input bounds"). Defined once, in @upmon/probes, whose kinds'
 * config schemas are part of the check bodies validated here.
 */
export { BoundedJoi as Joi } from '@upmon/probes';
