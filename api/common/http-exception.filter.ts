import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { TooManyRequests } from './rate-limit.service';

const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Entity',
  429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable',
};

const DATABASE_REFUSED_INPUT = new Set(['22P02', '22001', '22003', '22007', '22008', '22021', '22P05', '54000']);

/**
 * Every error leaves as `{ statusCode, error, message }` (message a single string) plus any
 * extra fields the thrower attached (e.g. nextAvailableAt). Body-parser failures are client
 * errors, unique violations are conflicts; anything unexpected is logged and becomes a plain 500.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (!res || typeof res.status !== 'function' || res.headersSent) return;
    const body = this.toBody(exception, req);
    if (exception instanceof TooManyRequests) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, req: Request): { statusCode: number; error: string; message: string; [k: string]: unknown } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const extra = typeof response === 'object' && response !== null ? (response as Record<string, unknown>) : {};
      let message = typeof response === 'string' ? response : extra.message;
      if (Array.isArray(message)) message = message[0];
      return {
        ...extra,
        statusCode: status,
        error: REASONS[status] ?? (typeof extra.error === 'string' ? extra.error : 'Error'),
        message: typeof message === 'string' && message ? message : exception.message,
      };
    }
    const parserError = bodyParserErrorBody(exception);
    if (parserError) return parserError;
    if (exception instanceof QueryFailedError) {
      const code = (exception as unknown as { code?: string }).code;
      if (code === '23505') return { statusCode: 409, error: 'Conflict', message: 'This record already exists' };
      // Input the database refuses (U+0000 in text is 22021, in jsonb 22P05; too long, out of
      // range, bad date, an index row too large...) is the client's mistake, never a 500.
      if (code && (DATABASE_REFUSED_INPUT.has(code) || code.startsWith('22'))) {
        return { statusCode: 400, error: 'Bad Request', message: 'Invalid value' };
      }
    }
    this.logger.error({ err: exception, path: req?.url }, 'Unhandled error');
    return { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' };
  }
}

/** body-parser errors carry an HTTP status and a type; their own messages are not for users. */
function bodyParserErrorBody(exception: unknown): { statusCode: number; error: string; message: string } | null {
  const e = exception as { type?: string; status?: number; message?: string } | null;
  if (!e || typeof e.status !== 'number' || e.status < 400 || e.status >= 500 || typeof e.type !== 'string') return null;
  const message =
    e.type === 'entity.parse.failed' ? 'Malformed JSON body'
    : e.type === 'entity.too.large' ? 'Request body is too large'
    : e.type === 'encoding.unsupported' || e.type === 'charset.unsupported' ? 'Unsupported body encoding'
    : 'Invalid request body';
  return { statusCode: e.status, error: REASONS[e.status] ?? 'Bad Request', message };
}

/** Express error middleware placed right after the body parsers. */
export function bodyParserErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  const body = bodyParserErrorBody(err);
  if (!body) return next(err);
  res.status(body.statusCode).json(body);
}
