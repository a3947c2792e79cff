import { Injectable } from '@nestjs/common';
import { detectLanguage } from './language';
import { stripTrigger } from './subject';
import { understandCorrection } from './correction';
import { Correction, CurrentReminder, Language, UnderstandContext, Understanding, WhenResult } from './types';
import { parseWhen, understand } from './understand';
import { AmbiguousZone, zoneFromPhone } from './zone-from-phone';

/**
 * Nest face of the pure extraction functions, for callers that prefer injection. It holds no
 * state and does no I/O; the functions can equally be imported directly.
 */
@Injectable()
export class UnderstandingService {
  understand(text: string, ctx: UnderstandContext): Understanding {
    return understand(text, ctx);
  }

  understandCorrection(text: string, ctx: UnderstandContext & { current: CurrentReminder }): Correction | null {
    return understandCorrection(text, ctx);
  }

  parseWhen(text: string, ctx: UnderstandContext): WhenResult | null {
    return parseWhen(text, ctx);
  }

  detectLanguage(text: string): Language {
    return detectLanguage(text);
  }

  stripTrigger(text: string, language: Language): string {
    return stripTrigger(text, language);
  }

  zoneFromPhone(phone: string): string | AmbiguousZone | null {
    return zoneFromPhone(phone);
  }
}
