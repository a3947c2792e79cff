export type VoiceLanguage = 'fr' | 'en';

/**
 * Speech services name languages differently: OpenAI's verbose_json says "french", most
 * OpenAI-compatible servers say "fr", some "fr-FR". Anything else is not ours to answer in.
 */
export function toVoiceLanguage(value: string | undefined | null): VoiceLanguage | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'french' || v === 'français' || v === 'francais' || /^fr([-_].*)?$/.test(v)) return 'fr';
  if (v === 'english' || /^en([-_].*)?$/.test(v)) return 'en';
  return undefined;
}

const FRENCH_MARKERS = new Set([
  'le', 'la', 'les', 'de', 'des', 'du', 'un', 'une', 'et', 'à', 'au', 'aux', 'pour', 'demain',
  'rappelle', 'rappelle-moi', 'moi', 'je', 'tu', 'il', 'elle', 'nous', 'vous', 'est', 'heures',
  'heure', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche', 'matin',
  'soir', 'midi', "aujourd'hui", 'dans', 'avec', 'mon', 'ma', 'mes', 'chez', 'appeler',
]);
const ENGLISH_MARKERS = new Set([
  'the', 'a', 'an', 'to', 'of', 'and', 'at', 'for', 'tomorrow', 'remind', 'me', 'i', 'you', 'he',
  'she', 'we', 'is', 'my', 'on', 'in', 'with', 'call', 'pm', 'am', 'monday', 'tuesday',
  'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'morning', 'evening', 'tonight',
  'today', 'noon', 'o’clock', "o'clock", 'minutes', 'hours',
]);

/**
 * Some transcription models (gpt-4o-*-transcribe) return no detected language, so the
 * transcript itself is the best evidence left. Counting function words is crude but the
 * choice is only between two languages that share few of them.
 */
export function guessLanguageFromText(text: string): VoiceLanguage | undefined {
  const words = text
    .toLowerCase()
    .split(/[^a-zà-ÿœæ'’-]+/u)
    .filter(Boolean);
  let fr = 0;
  let en = 0;
  for (const w of words) {
    if (FRENCH_MARKERS.has(w)) fr++;
    if (ENGLISH_MARKERS.has(w)) en++;
  }
  if (/[éèêàùçœâîôû]/u.test(text)) fr += 2;
  if (fr === en) return undefined;
  return fr > en ? 'fr' : 'en';
}
