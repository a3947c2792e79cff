export { understand, parseWhen, toZonedNow } from './understand';
export { understandCorrection } from './correction';
export { detectLanguage } from './language';
export { stripTrigger, extractSubject } from './subject';
export { zoneFromPhone } from './zone-from-phone';
export type { AmbiguousZone } from './zone-from-phone';
export { UnderstandingModule } from './understanding.module';
export { UnderstandingService } from './understanding.service';
export type {
  Language,
  UnderstandContext,
  Understanding,
  UnderstoodReminder,
  MissingWhen,
  WhenResult,
  Correction,
  CurrentReminder,
} from './types';
