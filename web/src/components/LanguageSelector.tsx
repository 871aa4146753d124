import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../api/session';
import { usersApi } from '../api/users';
import { selectLanguage } from '../i18n';
import { languageOf, storeLanguage, type LanguageCode } from '../i18n/languages';
import { useOpenedOnce } from './useOpenedOnce';

// The list of languages loads the first time it opens: the button shows without its code.
const LanguageMenu = lazy(() => import('./LanguageMenu').then((m) => ({ default: m.LanguageMenu })));

interface LanguageSelectorProps {
  /** Called after the choice is stored; reloads the page unless a test replaces it. */
  reload?: () => void;
}

/**
 * Saves the choice on the signed-in user, then reloads. A sales person acts
 * for its dealership and may not change the account, so for it the choice stays local. A
 * failed save does not keep the user in the old language: the local choice still applies.
 */
async function saveOnUser(code: LanguageCode): Promise<void> {
  const user = sessionStore.get()?.user;
  if (!user || user.loggedInSalesPersonInfo) return;
  try {
    const saved = await usersApi.setLanguage(user.id, code);
    sessionStore.setUser({ ...user, language: saved.language });
  } catch {
    // kept locally; the next sign-in brings the saved language back
  }
}

/**
 * Flag button opening a menu of the interface languages; a choice is stored locally and on
 * the signed-in user, then the page reloads.
 */
export function LanguageSelector({ reload }: LanguageSelectorProps) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = languageOf(i18n.language);
  const menuOpened = useOpenedOnce(anchor !== null);

  const choose = (code: LanguageCode) => {
    setAnchor(null);
    if (code === current.code) return;
    if (!sessionStore.get()?.user) {
      selectLanguage(code, reload);
      return;
    }
    storeLanguage(code);
    void saveOnUser(code).then(() => selectLanguage(code, reload));
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        // The accessible name includes the visible language name (WCAG "label in name").
        aria-label={t('language.current', { name: current.name })}
        title={t('language.select')}
        sx={{ minWidth: 0, gap: 1, px: 1.5 }}
      >
        <Box component="span" aria-hidden="true" sx={{ fontSize: '1.25rem', lineHeight: 1 }}>
          {current.flag}
        </Box>
        <Box component="span" lang={current.locale} sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {current.name}
        </Box>
      </Button>
      {menuOpened && (
        <Suspense fallback={null}>
          <LanguageMenu id={menuId} anchor={anchor} current={current.code} onChoose={choose} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
