export { createBatcher, microBatch, type Batcher, type BatcherOptions } from './batcher.js';
