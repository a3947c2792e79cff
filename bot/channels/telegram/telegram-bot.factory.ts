import { Logger } from '@nestjs/common';
import { Bot } from 'grammy';
import type { InboundMessage } from '../channel.types';
import type { InboundSink } from '../inbound-sink.port';
import { telegramUpdateToInbound } from './telegram-update.mapper';
import type { ResolvedTelegramOptions } from './telegram-options';

/**
 * The one grammY Bot of this instance, with the single handler that hands updates to intake.
 * The sink is passed as a getter because it is resolved lazily (see ChannelSinks).
 */
export function createTelegramBot(options: ResolvedTelegramOptions, sink: () => InboundSink): Bot {
  const logger = new Logger('TelegramBot');
  const bot = new Bot(options.botToken, {
    // grammY's default (500 s) suits long polling only; sends should fail fast and be retried.
    client: { apiRoot: options.apiRoot, timeoutSeconds: 60 },
  });

  bot.use(async (ctx) => {
    const msg = telegramUpdateToInbound(ctx.update);
    try {
      if (msg) await acceptWithRetry(sink, msg);
    } finally {
      // Telegram shows a spinner on the button until the query is answered, whatever we do with it.
      if (ctx.callbackQuery) {
        await ctx.answerCallbackQuery().catch((err: Error) => logger.warn(`answerCallbackQuery failed: ${err.message}`));
      }
    }
  });

  // Only long polling reaches this: webhook errors go back to the controller, which answers 5xx.
  bot.catch((err) => {
    logger.error(`Telegram update ${err.ctx.update.update_id} was not recorded: ${err.error instanceof Error ? err.error.message : String(err.error)}`);
  });
  return bot;
}

/**
 * Long polling confirms an update as soon as the next batch is fetched, failed or not, so a
 * brief intake outage would lose it; a few quick retries cover a database blip. (By webhook,
 * Telegram redelivers anyway once we answer 5xx.)
 */
async function acceptWithRetry(sink: () => InboundSink, msg: InboundMessage): Promise<void> {
  const delays = [100, 500, 2000];
  for (let attempt = 0; ; attempt++) {
    try {
      await sink().accept(msg);
      return;
    } catch (err) {
      if (attempt >= delays.length) throw err;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}
