import { guessLanguageFromText, toVoiceLanguage } from './voice-language';

describe('toVoiceLanguage', () => {
  it.each([
    ['french', 'fr'],
    ['French', 'fr'],
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['english', 'en'],
    ['en_US', 'en'],
    ['spanish', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (input, expected) => {
    expect(toVoiceLanguage(input)).toBe(expected);
  });
});

describe('guessLanguageFromText', () => {
  it('tells French from English reminders', () => {
    expect(guessLanguageFromText('Rappelle-moi d’appeler le dentiste demain à 9 heures')).toBe('fr');
    expect(guessLanguageFromText('Remind me to call the dentist tomorrow at 9')).toBe('en');
  });

  it('says nothing when there is no evidence', () => {
    expect(guessLanguageFromText('OK')).toBeUndefined();
    expect(guessLanguageFromText('')).toBeUndefined();
  });
});
