/**
 * Every entity, for the migration generator and scripts that run without Nest. Nest itself loads
 * entities through each module's TypeOrmModule.forFeature (autoLoadEntities).
 */
import { PasswordResetCode } from '../accounts/password-reset-code.entity';
import { Session } from '../accounts/session.entity';
import { User } from '../accounts/user.entity';
import { RateLimitBucket } from '../common/rate-limit-bucket.entity';
import { NewsletterSubscriber } from '../newsletter/newsletter-subscriber.entity';
import { Reminder } from '../reminders/reminder.entity';

export const entities = [User, Session, PasswordResetCode, RateLimitBucket, NewsletterSubscriber, Reminder];
