export { Joi } from './bounded-joi.js';
export { unboundedPaths } from './unbounded-paths.js';
