import en from './en.json';
import fr from './fr.json';

/** Every key path of a catalog, e.g. "simulator.connection.connected". */
function keys(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n catalogs', () => {
  it('have the same keys in French and English', () => {
    const fromEn = keys(en).sort();
    const fromFr = keys(fr).sort();
    expect(fromEn.filter((k) => !fromFr.includes(k))).toEqual([]);
    expect(fromFr.filter((k) => !fromEn.includes(k))).toEqual([]);
  });

  it('have no empty string', () => {
    const empty = (catalog: unknown) => keys(catalog).filter((k) => k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], catalog) === '');
    expect(empty(en)).toEqual([]);
    expect(empty(fr)).toEqual([]);
  });
});
