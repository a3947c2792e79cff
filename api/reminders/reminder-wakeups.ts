/**
 * In-process hint from RemindersService to the local dispatcher that something became due at a
 * given instant (a create, a reschedule, an admin trigger). Only a hint: the dispatcher still
 * claims from Postgres, and other instances learn of it through NOTIFY or their poll.
 */
export class ReminderWakeups {
  private readonly listeners = new Set<(dueAtMs: number) => void>();

  subscribe(listener: (dueAtMs: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(dueAt: Date): void {
    for (const l of this.listeners) l(dueAt.getTime());
  }
}
