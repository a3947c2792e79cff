import { ForbiddenException } from '@nestjs/common';
import { UPGRADE_URL } from './quota-messages';

/** 403 whose body tells when the next reminder becomes possible and where to upgrade. */
export class QuotaExceededException extends ForbiddenException {
  constructor(
    message: string,
    readonly nextAvailableAt: Date,
    readonly limit: number,
  ) {
    super({ statusCode: 403, error: 'Forbidden', message, nextAvailableAt: nextAvailableAt.toISOString(), upgradeUrl: UPGRADE_URL });
  }
}
