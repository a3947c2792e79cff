import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AccountsService, AdminPromotionRefused } from './accounts.service';
import { SessionsService } from './sessions.service';

/** ADMIN_USERNAME/ADMIN_PASSWORD at start create or promote an administrator; expired sessions are purged hourly. */
@Injectable()
export class AccountsMaintenance implements OnApplicationBootstrap {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { username, password } = this.config.admin;
    if (username && password) {
      try {
        const { created } = await this.accounts.ensureAdmin(username, password);
        this.logger.log(`Administrator "${username}" ${created ? 'created' : 'updated'} from ADMIN_USERNAME`);
      } catch (e) {
        // ADMIN_USERNAME never promotes an existing user account (no --force at start): say why and go on.
        if (e instanceof AdminPromotionRefused) this.logger.error(`ADMIN_USERNAME: ${e.message}`);
        else throw e;
      }
    }
  }

  @Cron(CronExpression.EVERY_HOUR)
  async purge(): Promise<void> {
    const n = await this.sessions.purgeExpired();
    if (n) this.logger.log(`Purged ${n} expired sessions`);
  }
}
