import express, { type Express } from 'express';
import { parseStartCommand } from '@upmon/core';
import type { AppDeps } from '../app-deps.js';
import { ApiError } from '@upmon/domain';
import { linkChatByToken } from './link-chat.js';
import { replyInChat } from './reply.js';
import { secretTokenMatches } from './secret-token.js';

/** Where Telegram posts updates (register it with setWebhook and the same secret_token). */
export const TELEGRAM_WEBHOOK_PATH = '/telegram/webhook';

const LINKED = (name: string) => `Linked! This chat will now get upmon notifications from the integration "${name}".`;
const INVALID =
  'This link is invalid, has expired (links work for 24 hours) or has already been used. Ask for a new one: POST /api/v1/integrations/<id>/telegram-link.';
const HELLO = 'Hi! To get upmon alerts here, open the link you received when you created the Telegram integration.';

interface TelegramUpdate {
  message?: { text?: unknown; chat?: { id?: unknown } };
}

/**
 * The Telegram bot webhook: verifies Telegram's secret token header (404 when no secret is
 * configured, 401 when it does not match), links the chat of a `/start <token>` message to its
 * integration and answers in the chat. Any other update is acknowledged and ignored, so Telegram
 * does not resend it; only our own failures (e.g. the database) answer 5xx, and Telegram retries.
 */
export function mountTelegramWebhook(app: Express, deps: AppDeps): void {
  const { config, logger, prisma, clock } = deps;
  const log = logger.child({ route: 'telegram-webhook' });
  const reply = { apiBase: config.telegramApiBase, botToken: config.telegramBotToken };
  app.post(
    TELEGRAM_WEBHOOK_PATH,
    (req, _res, next) => {
      if (!config.telegramWebhookSecret) return next(ApiError.notFound());
      if (!secretTokenMatches(config.telegramWebhookSecret, req.get('x-telegram-bot-api-secret-token'))) {
        return next(new ApiError('unauthorized', 'invalid secret token'));
      }
      next();
    },
    express.json({ limit: '1mb' }),
    async (req, res, next) => {
      try {
        const update = (req.body ?? {}) as TelegramUpdate;
        const token = parseStartCommand(update.message?.text);
        const chat = update.message?.chat?.id;
        if (token === null || (typeof chat !== 'number' && typeof chat !== 'string')) {
          res.json({ ok: true });
          return;
        }
        const chatId = String(chat);
        let answer = HELLO;
        if (token !== '') {
          const name = await linkChatByToken(prisma, token, chatId, clock.now());
          answer = name ? LINKED(name) : INVALID;
          log.info({ linked: name !== null }, name ? 'telegram chat linked' : 'telegram link token unknown or used');
        }
        await replyInChat(reply, log, chatId, answer);
        res.json({ ok: true });
      } catch (err) {
        next(err);
      }
    },
  );
}
