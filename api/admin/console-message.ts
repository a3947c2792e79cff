/** What the support console shows of one message-log row (REST pages and /ws alike). */
export interface ConsoleMessage {
  id: string;
  userId: number | null;
  direction: 'incoming' | 'outgoing';
  kind: string;
  messageType: 'voice' | 'text';
  channel: string;
  text: string | null;
  status: string | null;
  statusAt: string | null;
  error: string | null;
  createdAt: string;
  reminderId: number | null;
  /** What understanding made of an incoming message (subject, due time, zone, repetition), as logged. */
  extracted: Record<string, unknown> | null;
  /** Outgoing: free-form text or an approved template. */
  via: 'text' | 'template' | null;
  template: string | null;
  purpose: string | null;
  /** A support reply: the staff member who wrote it. */
  staffName: string | null;
  /** Where staff play the voice note (simulator media), when there is one. */
  audioUrl: string | null;
}

/** One-time codes never show in the console, whatever channel carried them. */
export function maskCodes(text: string | null, purpose: unknown): string | null {
  if (!text || purpose !== 'otp') return text;
  return text.replace(/\d{4,}/g, (d) => '•'.repeat(d.length));
}

export function toConsoleMessage(r: Record<string, any>): ConsoleMessage {
  const d = (r.details ?? {}) as Record<string, unknown>;
  const mediaId = typeof d.mediaId === 'string' ? d.mediaId : null;
  const userId = r.user_id ?? r.userId ?? null;
  return {
    id: String(r.id),
    userId,
    direction: r.direction,
    kind: r.kind,
    messageType: r.message_type ?? r.messageType,
    channel: r.channel,
    text: maskCodes(r.text, d.purpose),
    status: r.status,
    statusAt: r.status_at ?? r.statusAt ? new Date(r.status_at ?? r.statusAt).toISOString() : null,
    error: r.error,
    createdAt: new Date(r.created_at ?? r.createdAt).toISOString(),
    reminderId: r.reminder_id ?? r.reminderId ?? null,
    extracted: d.extracted && typeof d.extracted === 'object' ? (d.extracted as Record<string, unknown>) : null,
    via: d.via === 'template' ? 'template' : (r.direction === 'outgoing' ? 'text' : null),
    template: typeof d.template === 'string' ? d.template : null,
    purpose: typeof d.purpose === 'string' ? d.purpose : null,
    staffName: typeof d.staffName === 'string' ? d.staffName : null,
    audioUrl: mediaId && userId ? `/api/admin/conversations/${userId}/media/${mediaId}` : null,
  };
}
