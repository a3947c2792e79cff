/** In-process nudge from IntakeStore to the local worker: an event was just recorded. */
export class IntakeWakeups {
  private listener?: () => void;

  subscribe(listener: () => void): void {
    this.listener = listener;
  }

  kick(): void {
    this.listener?.();
  }
}
