export { badgeRouter } from './badge-routes.js';
export { projectBadges } from './project-badges.js';
