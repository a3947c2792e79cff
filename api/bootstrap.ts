import type { INestApplication } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { IncomingMessage } from 'node:http';
import { json } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { bodyParserErrors, HttpExceptionFilter } from './common/http-exception.filter';
import { createValidationPipe } from './common/validation.pipe';
import { csrfGuard, nulGuard } from './common/request-guards';
import { SessionsService } from './accounts/sessions.service';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from './config/app-config';
import { contentSecurityDirectives } from './web/content-security-policy';
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
  // CSRF first (before any body is read): state-changing /api calls are JSON, from this site.
  // There is no form-encoded parser: nothing in the API takes forms.
  app.use(csrfGuard(config.publicUrl));
  app.use(json({ limit: config.bodyLimit, verify: keepRaw }));
  app.use(bodyParserErrors);
  app.use(nulGuard);
  app.use(helmet({ contentSecurityPolicy: { directives: contentSecurityDirectives(config) } }));
  app.use(cookieParser());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useWebSocketAdapter(new WsAdapter(app));
  app.enableShutdownHooks();

  const doc = new DocumentBuilder().setTitle('Rappel API').setDescription('Reminders by voice note, in French and English').setVersion('1').addCookieAuth(config.session.cookieName).build();
  // In production the API reference is for administrators only.
  if (config.env === 'production') app.use(['/api/docs', '/api/docs-json', '/api/docs-yaml'], adminOnly(app, config));
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, doc));
  mountWebApps(app, config.web);
}

function adminOnly(app: INestApplication, config: AppConfig) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const token = req.cookies?.[config.session.cookieName] as string | undefined;
    app
      .get(SessionsService)
      .resolve(token)
      .then((user) => (user?.role === 'admin' ? next() : void res.status(404).json({ statusCode: 404, error: 'Not Found', message: 'Not Found' })))
      .catch(next);
  };
}
