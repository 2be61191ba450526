import type { Assets } from '../http/assets.js';
import type { Viewer } from '../http/viewer.js';

/** What every page's shell needs: who is looking, the form token, asset URLs. */
export interface PageContext {
  viewer: Viewer | null;
  csrf: string;
  assets: Assets;
}
