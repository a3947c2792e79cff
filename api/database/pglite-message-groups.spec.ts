import { serialize } from 'pg-protocol';
import { endsMessageGroup } from './pglite-message-groups';

const concat = (...bufs: Buffer[]) => new Uint8Array(Buffer.concat(bufs));

describe('endsMessageGroup (pg frontend messages)', () => {
  it('an extended-protocol query ends at its Sync, not before', () => {
    const parse = serialize.parse({ text: 'SELECT $1::int', types: [] });
    const bind = serialize.bind({ values: ['1'] });
    const execute = serialize.execute();
    expect(endsMessageGroup(concat(parse))).toBe(false);
    expect(endsMessageGroup(concat(parse, bind, serialize.describe({ type: 'P' }), execute))).toBe(false);
    expect(endsMessageGroup(concat(serialize.sync()))).toBe(true);
    expect(endsMessageGroup(concat(parse, bind, execute, serialize.sync()))).toBe(true);
  });
  it('simple queries, terminate and startup end a group; a split message does not', () => {
    expect(endsMessageGroup(concat(serialize.query('BEGIN')))).toBe(true);
    expect(endsMessageGroup(concat(serialize.end()))).toBe(true);
    expect(endsMessageGroup(concat(serialize.startup({ user: 'postgres', database: 'postgres' })))).toBe(true);
    const q = serialize.query('SELECT 1');
    expect(endsMessageGroup(concat(q.subarray(0, 4)))).toBe(false);
    expect(endsMessageGroup(concat(q.subarray(0, q.length - 2)))).toBe(false);
  });
});
