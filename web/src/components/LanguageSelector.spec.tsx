import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
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

  it('keeps other settings stored under the same key', () => {
    window.localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify({ theme: 'dark', language: 'fr' }));
    renderWithApp(<LanguageSelector reload={jest.fn()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(screen.getByRole('menuitem', { name: /Español/ }));

    expect(JSON.parse(window.localStorage.getItem(CONFIG_STORAGE_KEY) ?? '{}')).toEqual({ theme: 'dark', language: 'es' });
  });
});
