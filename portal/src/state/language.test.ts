/**
 * Signals ship ES modules under the "browser" condition jsdom uses; take the CommonJS builds.
 * @jest-environment-options {"customExportConditions": ["require", "node", "default"]}
 */
import { initI18n } from '../i18n/i18n';
import { installFakeFetch } from '../testing/fake-fetch';
import { testUser } from '../testing/render';
import { setCurrentUser } from './session';
import { activeToast } from './toasts';
import { language, languageSwitching, switchLanguage, urlWithLanguage } from './language';

describe('switchLanguage (SPEC §2, §4, §7)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    language.value = 'fr';
    languageSwitching.value = false;
    initI18n('fr');
    localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('saves the choice, tells the server for a signed-in user, and reloads with ?lang after 1 s', async () => {
    const calls = installFakeFetch(() => ({ status: 200, body: testUser }));
    setCurrentUser(testUser);
    const reload = jest.fn();
    await expect(switchLanguage('en', reload)).resolves.toBe(true);
    expect(localStorage.getItem('language')).toBe('en');
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/user/language', body: { language: 'en' } }]);
    expect(activeToast.value?.title).toBe('Changing to English...');
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledWith('/?lang=en');
  });

  it('ignores a switch to the current language or while another switch runs', async () => {
    const calls = installFakeFetch(() => ({ status: 200, body: testUser }));
    setCurrentUser(null);
    const reload = jest.fn();
    await expect(switchLanguage('fr', reload)).resolves.toBe(false);
    languageSwitching.value = true;
    await expect(switchLanguage('en', reload)).resolves.toBe(false);
    await expect(switchLanguage('ar', reload)).resolves.toBe(false);
    jest.advanceTimersByTime(2000);
    expect(reload).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('carries on when the server refuses (the failure is only logged)', async () => {
    installFakeFetch(() => ({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } }));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    setCurrentUser(testUser);
    const reload = jest.fn();
    await switchLanguage('en', reload);
    jest.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('keeps the rest of the URL when adding lang', () => {
    expect(urlWithLanguage('http://x/auth?tab=register&lang=fr#top', 'en')).toBe('/auth?tab=register&lang=en#top');
  });
});
