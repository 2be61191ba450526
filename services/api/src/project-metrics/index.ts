export { projectMetricsRouter } from './project-metrics-route.js';
