/** U+0000, and UTF-16 surrogates that are not part of a pair. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * PostgreSQL text holds neither U+0000 nor a lone surrogate (jsonb refuses both escapes, and a
 * lone surrogate written as text turns into U+FFFD). The API answers such input with a 400
 * (nulGuard); text a provider delivers in a signed webhook cannot be refused that way, so it is
 * stored without them.
 */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, '');
}

/** JSON.stringify with every string (keys included) made storable. */
export function storableJson(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, _key, v: unknown) {
    if (typeof v === 'string') return storableText(v);
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).some((k) => storableText(k) !== k)) {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [storableText(k), inner]));
    }
    return v;
  });
}
