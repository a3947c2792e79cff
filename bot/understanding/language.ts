import { Language } from './types';

const FR_WORDS = new Set(
  (
    "rappelle rappelle-moi rappeler moi de d' le la les à au aux je j' tu il elle nous vous demain après-demain " +
    "aujourd'hui ce cet cette soir matin midi minuit heure heures dans une un des du et pas oublie n'oublie pense " +
    "faut dois pour avec chez lundi mardi mercredi jeudi vendredi samedi dimanche prochain prochaine semaine mois " +
    "acheter appeler payer envoyer prendre euh stp merci qu' que qui est mon ma mes son sa ses"
  ).split(' '),
);
const EN_WORDS = new Set(
  (
    "remind me to the a an at in on of for and i my you your tomorrow today tonight morning evening afternoon " +
    "noon midnight hour hours minutes minute next this week monday tuesday wednesday thursday friday saturday " +
    "sunday don't forget please call buy pay send take need have um uh is it that with from pm am"
  ).split(' '),
);

/**
 * Guesses the language of a message by counting common words of each language; accented
 * letters tip a tie towards French. Used only when the conversation language is unknown.
 */
export function detectLanguage(text: string): Language {
  const words = text.toLowerCase().replace(/[’]/g, "'").match(/[\p{L}']+(?:-[\p{L}]+)*/gu) ?? [];
  let fr = 0;
  let en = 0;
  for (const w of words) {
    if (FR_WORDS.has(w)) fr++;
    else if (/^[dljnmqst]'/.test(w) && FR_WORDS.has(w.slice(0, 2))) fr++;
    if (EN_WORDS.has(w)) en++;
  }
  if (/[éèêàâçùûôîœ]/i.test(text)) fr += 0.5;
  return fr > en ? 'fr' : 'en';
}
