import OpenAI from 'openai';
import { SpeechProviderError } from './speech-provider.error';

/**
 * Turns what the OpenAI SDK throws (after its own retries) into our one typed error, so callers
 * decide "tell the user / try later" without knowing the SDK.
 */
export function toSpeechProviderError(
  err: unknown,
  operation: string,
  timing?: { elapsedMs: number; timeoutMs: number },
): Error {
  // The SDK recognises its abort by the error's name, which is lost when fetch's DOMException
  // comes from another realm (Jest's sandbox, some polyfills): having waited the whole timeout
  // is proof enough.
  const waitedOut = timing !== undefined && timing.elapsedMs >= timing.timeoutMs;
  if (err instanceof OpenAI.APIConnectionTimeoutError || (err instanceof OpenAI.APIConnectionError && waitedOut)) {
    return new SpeechProviderError('timeout', `${operation}: the speech service did not answer in time`, undefined, { cause: err });
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return new SpeechProviderError('unavailable', `${operation}: the speech service could not be reached`, undefined, { cause: err });
  }
  if (err instanceof OpenAI.APIError) {
    const status = err.status;
    const failure =
      status === 401 || status === 403
        ? 'auth'
        : status === 429
          ? 'rate_limited'
          : status !== undefined && (status >= 500 || status === 408)
            ? 'unavailable'
            : 'rejected';
    return new SpeechProviderError(failure, `${operation}: the speech service answered ${status}: ${err.message}`, status, { cause: err });
  }
  return err instanceof Error ? err : new Error(String(err));
}
