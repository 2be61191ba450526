// The web application (docs/web.md): server-rendered pages over @upmon/domain, mounted by the api
// process on its own port so cookies, CSRF and the ping receiver's reserved paths share one origin.
export { mountWeb, isWebPath } from './mount-web.js';
export type { WebDeps } from './web-deps.js';
export { WEB_FIRST_SEGMENTS } from './web-paths.js';
export { readPublicStatusPage, type PublicStatusPageData } from './queries/public-status-page.js';
export { LISTED_INCIDENTS, publicStatusView } from './views/status-pages/public-status-model.js';
