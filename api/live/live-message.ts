import type { MessageLogEntry } from './message-log.entity';

/** The spec's live message: `{ type: 'message' | 'reminder', data: { direction, messageType, text, ... } }`. */
export interface LiveMessage {
  type: 'message' | 'reminder';
  data: {
    id: string;
    direction: 'incoming' | 'outgoing';
    messageType: 'voice' | 'text';
    text: string | null;
    channel: string;
    userId: number | null;
    reminderId: number | null;
    status: string | null;
    createdAt: string;
    /** Reply buttons shown under an outgoing message. */
    buttons?: Array<{ id: string; title: string }>;
    /** Where the simulator serves this voice note (owner only). */
    audioUrl?: string;
    extracted?: unknown;
  };
}

export function toLiveMessage(row: MessageLogEntry): LiveMessage {
  const details = row.details ?? {};
  const mediaId = typeof details.mediaId === 'string' ? details.mediaId : undefined;
  return {
    type: row.kind === 'reminder' ? 'reminder' : 'message',
    data: {
      id: String(row.id),
      direction: row.direction,
      messageType: row.messageType,
      text: row.text,
      channel: row.channel,
      userId: row.userId,
      reminderId: row.reminderId,
      status: row.status,
      createdAt: new Date(row.createdAt).toISOString(),
      ...(Array.isArray(details.buttons) ? { buttons: details.buttons as Array<{ id: string; title: string }> } : {}),
      ...(mediaId && row.channel === 'simulator' ? { audioUrl: `/api/simulator/media/${mediaId}` } : {}),
      ...(details.extracted !== undefined ? { extracted: details.extracted } : {}),
    },
  };
}
