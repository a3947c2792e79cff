import { BadRequestException, ForbiddenException } from '@nestjs/common';
import { UPGRADE_URL } from './quota-messages';
import { REPEAT_MESSAGES } from './repeat-choice';

/** Coded: the HTTP layer answers 403 with this body; the bot maps `code` to its catalog's words. */
export class RepeatRequiresPremiumException extends ForbiddenException {
  readonly code = 'repeat_requires_premium' as const;

  constructor() {
    super({ statusCode: 403, error: 'Forbidden', message: REPEAT_MESSAGES.premium, code: 'repeat_requires_premium', upgradeUrl: UPGRADE_URL });
  }
}

/** A rule outside the supported subset, or one that has no occurrence left: 400. */
export class InvalidRepeatException extends BadRequestException {
  readonly code = 'repeat_invalid' as const;

  constructor(message: string = REPEAT_MESSAGES.rrule) {
    super({ statusCode: 400, error: 'Bad Request', message, code: 'repeat_invalid' });
  }
}
