export { badgeRouter } from './badge-routes.js';
