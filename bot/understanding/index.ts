export { understand, parseWhen, toZonedNow } from './understand';
export { understandCorrection } from './correction';
export { detectLanguage } from './language';
export { stripTrigger, extractSubject } from './subject';
export { zoneFromPhone } from '../../api/accounts/zone-from-phone';
export type { AmbiguousZone } from '../../api/accounts/zone-from-phone';
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
