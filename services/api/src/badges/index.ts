export { badgeRouter } from './badge-routes.js';
export { badgeUrls, ALL_CHECKS } from './badge-urls.js';
export { projectBadges, type ProjectBadge } from './project-badges.js';
