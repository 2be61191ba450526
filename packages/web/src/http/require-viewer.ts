import type { RequestHandler } from 'express';
import { redirectToSignIn } from './render.js';
import { viewerOf } from './viewer.js';

/** Signed-out visitors go through sign-in and come back to the page they asked for. */
export const requireViewer: RequestHandler = (req, res, next) => {
  if (!viewerOf(res)) {
    redirectToSignIn(req, res);
    return;
  }
  next();
};
