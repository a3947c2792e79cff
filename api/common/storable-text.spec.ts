import { storableJson, storableText } from './storable-text';

describe('storableText', () => {
  it('drops U+0000 and lone surrogates, keeps pairs and everything else', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('x\uD800y\uDC00z')).toBe('xyz');
    expect(storableText('🇨🇮 café\u00A0')).toBe('🇨🇮 café\u00A0');
    expect(storableText('\uD83D\uDE00\uD83D')).toBe('😀');
  });

  it('makes a whole JSON value storable, keys included', () => {
    const json = storableJson({ text: 'a\u0000', nested: [{ ['k\u0000']: '\uDC00ok' }], n: 1, when: new Date(0) });
    expect(json).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    expect(JSON.parse(json)).toEqual({ text: 'a', nested: [{ k: 'ok' }], n: 1, when: '1970-01-01T00:00:00.000Z' });
  });
});
