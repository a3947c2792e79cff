/**
 * pglite-socket (0.2.x) hands PGlite each TCP chunk a connection sends, interleaving chunks of
 * different connections unless a transaction is open. `pg` writes Parse, Bind, Describe, Execute
 * and Sync as separate writes (no Nagle), so under concurrency one connection's Parse could be
 * followed by another's Bind: "bind message supplies 1 parameters, but prepared statement ""
 * requires 3", or one query's rows returned to another. This keeps a connection's chunks
 * together until its message group ends (Sync, simple Query, Terminate), as the library already
 * does for transactions.
 */
interface QueuedQuery {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(e: unknown): void;
  onData(data: Uint8Array): void;
}

interface QueryQueue {
  queue: QueuedQuery[];
  processing: boolean;
  lastHandlerId: number | null;
  db: { isInTransaction(): boolean; runExclusive<T>(f: () => Promise<T>): Promise<T>; execProtocolRawStream(m: Uint8Array, o: { onRawData(d: Uint8Array): void }): Promise<unknown> };
  processQueue(): Promise<void>;
  clearQueueForHandler(id: number): void;
}

const GROUP_ENDS = new Set(['S', 'Q', 'X'].map((c) => c.charCodeAt(0)));

/** Whether a chunk ends a message group: its last message is complete and is Sync, Query or Terminate (or it is a startup-phase message). */
export function endsMessageGroup(chunk: Uint8Array): boolean {
  const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  // Startup, SSL and cancel requests carry no type byte: length then a protocol code.
  if (chunk.length >= 8 && view.getInt32(0) === chunk.length) {
    const code = view.getInt32(4);
    if (code === 196608 || code === 80877103 || code === 80877102) return true;
  }
  let offset = 0;
  let lastType = -1;
  while (offset < chunk.length) {
    if (offset + 5 > chunk.length) return false;
    lastType = chunk[offset];
    const length = view.getInt32(offset + 1);
    if (length < 4) return true; // not a typed message stream (e.g. a password packet split oddly): do not hold it
    offset += 1 + length;
  }
  if (offset > chunk.length) return false;
  // Authentication answers ('p') also end what the client sends until the server replies.
  return GROUP_ENDS.has(lastType) || lastType === 'p'.charCodeAt(0);
}

export function keepMessageGroupsTogether(server: unknown): void {
  const q = (server as { queryQueue?: QueryQueue }).queryQueue;
  if (!q || typeof q.processQueue !== 'function' || !Array.isArray(q.queue)) return;
  let openGroup: number | null = null;
  // A connection that goes away mid-group must not hold the others.
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (id: number) => {
    clear(id);
    if (openGroup === id) {
      openGroup = null;
      void q.processQueue();
    }
  };
  q.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = this.db.isInTransaction() && this.lastHandlerId !== null ? this.lastHandlerId : openGroup;
        let item: QueuedQuery | undefined;
        if (owner !== null) {
          const i = this.queue.findIndex((x) => x.handlerId === owner);
          if (i === -1) break; // wait for the rest of that connection's messages
          item = this.queue.splice(i, 1)[0];
        } else {
          item = this.queue.shift();
        }
        if (!item) break;
        let bytes = 0;
        try {
          await this.db.runExclusive(() => this.db.execProtocolRawStream(item!.message, { onRawData: (d) => { bytes += d.length; item!.onData(d); } }));
        } catch (e) {
          openGroup = null;
          item.reject(e);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        openGroup = endsMessageGroup(item.message) ? null : item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
}
