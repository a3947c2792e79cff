/**
 * What the back-office needs from the messaging side (api/ owns the port, bot/delivery provides
 * the adapter on the ChannelChooser + Outbox path, so the proven-number rule and the message log
 * apply to staff messages as to every other).
 */
export interface Reach {
  /** The channel that reaches the user now; null = none (no proven number, no linked chat). */
  channel: string | null;
  /** Whether a free-form text may go out now (WhatsApp: within 24 h of the user's last message). */
  freeText: boolean;
  /** When the WhatsApp window closes (null when not WhatsApp or closed). */
  windowClosesAt: Date | null;
}

export interface SentStaffMessage {
  channel: string;
  via: 'text' | 'template';
  messageLogId: string | null;
}

export interface StaffMessenger {
  reach(userId: number, now?: Date): Promise<Reach>;
  /** A support reply: free-form text only; refused (SupportReplyRefused) when none may go out. */
  sendSupportReply(userId: number, text: string, staff: { id: number; name: string }): Promise<SentStaffMessage>;
  /** A broadcast: free text inside the window, the approved broadcast template outside it, text on Telegram. */
  sendBroadcast(userId: number, text: string, campaignId: string): Promise<SentStaffMessage>;
}

export const STAFF_MESSENGER = Symbol('STAFF_MESSENGER');

export type SupportReplyRefusal = 'unreachable' | 'window_closed';

/** Coded: the HTTP layer turns the code into the console's French explanation. */
export class SupportReplyRefused extends Error {
  constructor(readonly code: SupportReplyRefusal) {
    super(code === 'window_closed' ? 'WhatsApp window closed' : 'User unreachable');
  }
}

export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;
