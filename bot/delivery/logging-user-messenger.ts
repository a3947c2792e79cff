import { Injectable, Logger } from '@nestjs/common';
import { MessengerRecipient, UserMessenger } from './user-messenger.port';

/** Embedded stand-in used when no messaging app is configured: the message goes to the log. */
@Injectable()
export class LoggingUserMessenger implements UserMessenger {
  private readonly logger = new Logger('EmbeddedChannel');

  async sendText(recipient: MessengerRecipient, text: string): Promise<void> {
    this.logger.log(`[embedded channel] to ${recipient.phoneNumber ?? `user ${recipient.id}`}: ${text}`);
  }

  async sendFirstContact(phoneNumber: string, _language: 'fr' | 'en', text: string): Promise<boolean> {
    this.logger.log(`[embedded channel] to ${phoneNumber}: ${text}`);
    return true;
  }
}
