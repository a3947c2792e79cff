/** The server's one error shape (ARCHITECTURE.md rule 7). */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string | string[];
  /** A coded domain error's code (e.g. already_subscribed). */
  code?: string;
}

/**
 * A non-2xx answer. `message` follows SPEC §7 ("<status>: <text>"); `body` keeps the parsed
 * JSON so screens can show the server's own wording instead of the raw text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, text: string, body: ErrorBody | null) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The human-readable server message, when the body carried one. */
  get serverMessage(): string | null {
    const m = this.body?.message;
    if (Array.isArray(m)) return m.join(' ');
    return typeof m === 'string' && m.length > 0 ? m : null;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** Best message to show for any failure: the server's wording, else the fallback. */
export function messageOf(err: unknown, fallback: string): string {
  if (isApiError(err)) return err.serverMessage ?? fallback;
  return fallback;
}
