export type Role = 'user' | 'support' | 'admin';
export type Plan = 'free' | 'basic' | 'standard' | 'premium';

export interface Me {
  id: number;
  username: string;
  displayName: string | null;
  role: Role;
}

export interface Stats {
  totalUsers: number;
  activeUsers: number;
  newUsers: number;
  premiumUsers: number;
  standardUsers: number;
  basicUsers: number;
  freeUsers: number;
  pendingReminders: number;
  completedReminders: number;
  totalReminders: number;
}

export interface AdminUser {
  id: number;
  username: string;
  displayName: string | null;
  email: string | null;
  phoneNumber: string | null;
  phoneVerified: boolean;
  role: Role;
  plan: Plan;
  effectivePlan: Plan;
  reminderQuota: number;
  remindersUsed: number;
  optedOut: boolean;
  createdAt: string;
}

export type ReminderStatus = 'pending' | 'sent' | 'failed' | 'cancelled';
export interface AdminReminder {
  id: number;
  userId: number;
  username: string | null;
  subject: string;
  reminderText: string;
  reminderTime: string;
  timezone: string;
  status: ReminderStatus;
  languageCode: 'fr' | 'en';
  channel: string | null;
  lastError: string | null;
  createdAt: string;
  /** Repeating reminders: the rule, its French description ("tous les lundis à 08:00"), the next occurrence. */
  rrule?: string | null;
  repeatDescription?: string | null;
  nextOccurrenceAt?: string | null;
}

export interface Partner {
  id: number;
  name: string;
  email: string;
  phoneNumber: string | null;
  referralCode: string;
  active: boolean;
  referralCount: number;
  totalCommissions: number;
  pendingCommissions: number;
  createdAt: string;
}

export interface Commission {
  id: number;
  partnerId: number;
  partnerName: string;
  userId: number;
  userName: string;
  amount: string;
  status: 'pending' | 'paid' | 'cancelled' | string;
  planType: 'monthly' | 'yearly';
  createdAt: string;
}

export interface Campaign {
  id: number;
  message: string;
  language: 'fr' | 'en';
  targetUsers: 'all' | 'active' | 'premium';
  status: 'pending' | 'in_progress' | 'completed' | 'failed' | string;
  totalUsers: number;
  sentCount: number;
  failedCount: number;
  progress: number;
  createdBy: string;
  createdAt: string;
}

export interface ConversationSummary {
  id: string;
  userId: number;
  username: string;
  displayName: string | null;
  phoneNumber: string | null;
  channel: string;
  lastMessage: string | null;
  lastDirection: 'incoming' | 'outgoing';
  lastMessageType: 'voice' | 'text';
  lastAt: string;
}

export interface ConsoleMessage {
  id: string;
  userId: number | null;
  direction: 'incoming' | 'outgoing';
  kind: string;
  messageType: 'voice' | 'text';
  channel: string;
  text: string | null;
  status: string | null;
  error: string | null;
  createdAt: string;
  reminderId: number | null;
  extracted: Record<string, unknown> | null;
  via: 'text' | 'template' | null;
  template: string | null;
  purpose: string | null;
  staffName: string | null;
  audioUrl: string | null;
}

export interface ConversationInfo {
  user: { id: number; username: string; displayName: string | null; phoneNumber: string | null; phoneVerified: boolean; telegramLinked: boolean; language: string; timezone: string; plan: Plan; optedOut: boolean };
  reach: { channel: string | null; freeText: boolean; windowClosesAt: string | null };
  replyBlocked: string | null;
}

export interface AuditEntry {
  id: string;
  actorName: string;
  actorRole: Role;
  action: string;
  targetType: string;
  targetId: string | null;
  changes: Record<string, unknown> | null;
  createdAt: string;
}
