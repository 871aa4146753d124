import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStore } from '../api/session';
import { fakeApi, reply, testUser } from '../test/fakeApi';
import { CONFIG_STORAGE_KEY, getStoredLanguage } from '../i18n/languages';
import { renderWithApp } from '../test/render';
import { LanguageSelector } from './LanguageSelector';

describe('LanguageSelector', () => {
  it('stores the chosen language under the config key, then reloads', async () => {
    const reload = jest.fn();
    renderWithApp(<LanguageSelector reload={reload} />);

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Deutsch/ }));

    expect(JSON.parse(window.localStorage.getItem(CONFIG_STORAGE_KEY) ?? '{}')).toEqual({ language: 'de' });
    expect(getStoredLanguage()).toBe('de');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('lists the eight languages by their own names', async () => {
    renderWithApp(<LanguageSelector reload={jest.fn()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    const items = await screen.findAllByRole('menuitem');

    expect(items.map((item) => item.textContent)).toEqual([
      '🇬🇧English',
      '🇩🇰Dansk',
      '🇳🇱Nederlands',
      '🇩🇪Deutsch',
      '🇫🇷Français',
      '🇪🇸Español',
      '🇮🇳हिन्दी',
      '🇯🇵日本語',
    ]);
  });

  it('does not reload when the current language is chosen again', async () => {
    const reload = jest.fn();
    renderWithApp(<LanguageSelector reload={reload} />);

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /English/ }));

    expect(reload).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(CONFIG_STORAGE_KEY)).toBeNull();
  });

  it('keeps other settings stored under the same key', async () => {
    window.localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify({ theme: 'dark', language: 'fr' }));
    renderWithApp(<LanguageSelector reload={jest.fn()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Español/ }));

    expect(JSON.parse(window.localStorage.getItem(CONFIG_STORAGE_KEY) ?? '{}')).toEqual({ theme: 'dark', language: 'es' });
  });

  it('signed in: saves the choice on the user (PUT /api/users/{id}), then reloads', async () => {
    const user = testUser();
    sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
    const gateway = fakeApi({ [`PUT /users/${user.id}`]: (req) => reply(200, { ...user, ...(req.body as object) }) });
    const reload = jest.fn();
    renderWithApp(<LanguageSelector reload={reload} />);

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Deutsch/ }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(gateway.to(`PUT /users/${user.id}`).map((r) => r.body)).toEqual([{ language: 'de' }]);
    expect(getStoredLanguage()).toBe('de');
    expect(sessionStore.get()?.user?.language).toBe('de');
  });

  it('a sales person cannot change the account: the choice stays local', async () => {
    sessionStore.start(
      { accessToken: 'a', refreshToken: 'r', expiresIn: 900 },
      testUser({ loggedInSalesPersonInfo: { id: 's1', name: 'Anna Sales', email: 'anna.sales@demo.test' } }),
    );
    const gateway = fakeApi({});
    const reload = jest.fn();
    renderWithApp(<LanguageSelector reload={reload} />);

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Français/ }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(gateway.requests).toEqual([]);
    expect(getStoredLanguage()).toBe('fr');
  });

  it('a failed save still applies the choice locally', async () => {
    const user = testUser();
    sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
    fakeApi({ [`PUT /users/${user.id}`]: () => reply(503, { statusCode: 503, message: 'The users service is unavailable' }) });
    const reload = jest.fn();
    renderWithApp(<LanguageSelector reload={reload} />);

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Dansk/ }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(getStoredLanguage()).toBe('dk');
  });
});
