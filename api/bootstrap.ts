import type { INestApplication } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { IncomingMessage } from 'node:http';
import { json, urlencoded } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { bodyParserErrors, HttpExceptionFilter } from './common/http-exception.filter';
import { createValidationPipe } from './common/validation.pipe';
import { AppConfig } from './config/app-config';
import { mountWebApps } from './web/static-web';

/** Everything main.ts does to the app besides listening, shared with the tests so they run the real thing. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const express = app as NestExpressApplication;
  express.useLogger(app.get(Logger));
  express.set('trust proxy', config.trustProxy ? 1 : false);
  express.disable('x-powered-by');
  // Our own parsers (the app is created with bodyParser: false): they keep the raw bytes for
  // webhook signatures, and their errors are answered here in the API's error shape instead of
  // being re-thrown with the parser's internal message.
  const keepRaw = (req: IncomingMessage, _res: unknown, buf: Buffer) => {
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = buf;
  };
  app.use(json({ limit: config.bodyLimit, verify: keepRaw }));
  app.use(urlencoded({ limit: config.bodyLimit, extended: false, verify: keepRaw }));
  app.use(bodyParserErrors);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'data:', 'blob:'],
          // Stripe's Embedded Checkout (js.stripe.com script and frames, api.stripe.com calls).
          connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'", 'https://js.stripe.com'],
          frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  app.use(cookieParser());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useWebSocketAdapter(new WsAdapter(app));
  app.enableShutdownHooks();

  const doc = new DocumentBuilder().setTitle('Rappel API').setDescription('Reminders by voice note, in French and English').setVersion('1').addCookieAuth(config.session.cookieName).build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, doc));
  mountWebApps(app, config.web);
}
