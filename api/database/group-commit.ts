/**
 * Many small writes as one statement: `add(item)` queues an item and resolves once the statement
 * that wrote it committed (rejects if it failed), so a caller that awaits it knows its row is
 * durable, exactly as with a statement of its own. Items are flushed when `maxItems` are
 * waiting or `maxDelayMs` after the first one; flushes run one after another, so a burst uses
 * one connection, not one per item. At the top of the hour this turns thousands of one-row
 * INSERTs a second into a few dozen. When a statement of several items fails, each item is
 * written again alone, so one bad item fails only its own caller.
 */
export class GroupCommit<T> {
  private queue: Array<{ item: T; resolve: () => void; reject: (e: Error) => void }> = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxItems = 500,
    private readonly maxDelayMs = 3,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length >= this.maxItems) void this.flush();
      else if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.maxDelayMs);
    });
  }

  /** Writes what is queued now; resolves when it (and every earlier flush) is done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (!batch.length) return this.flushing;
    this.flushing = this.flushing.then(async () => {
      try {
        await this.write(batch.map((b) => b.item));
        for (const b of batch) b.resolve();
      } catch (e) {
        if (batch.length === 1) return batch[0].reject(e as Error);
        for (const b of batch) await this.write([b.item]).then(b.resolve, b.reject);
      }
    });
    return this.flushing;
  }
}
