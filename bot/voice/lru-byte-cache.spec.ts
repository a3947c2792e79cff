import { LruByteCache } from './lru-byte-cache';

describe('LruByteCache', () => {
  it('evicts the least recently used entries once over its byte budget', () => {
    const cache = new LruByteCache(10);
    cache.set('a', Buffer.alloc(4));
    cache.set('b', Buffer.alloc(4));
    cache.get('a');
    cache.set('c', Buffer.alloc(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.totalBytes).toBe(8);
  });

  it('ignores an entry bigger than the whole budget', () => {
    const cache = new LruByteCache(10);
    cache.set('big', Buffer.alloc(11));
    expect(cache.size).toBe(0);
  });
});
