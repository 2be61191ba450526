import type { Express } from 'express';
import type { AppDeps } from '../app.js';

/** Mounts the Telegram bot webhook. Implemented by the notifier work (issue 6). */
export function mountTelegramWebhook(_app: Express, _deps: AppDeps): void {}
