import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeView } from '@app/contracts/wire';
import { useOpenedOnce } from '../../components/useOpenedOnce';

// The menu itself loads the first time it opens: the avatar button shows without its code.
const UserMenuPopup = lazy(() => import('./UserMenuPopup').then((m) => ({ default: m.UserMenuPopup })));

/** Up to two initials of a name, for the avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase();
}

/**
 * The user menu: the avatar (the signed-in sales person's initials when a sales person signed
 * in), opening `UserMenuPopup` (name, e-mail, account settings, sign out).
 */
export function UserMenu({ me }: { me: MeView }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const salesPerson = me.loggedInSalesPersonInfo;
  const close = () => setAnchor(null);
  const menuOpened = useOpenedOnce(anchor !== null);
  const shown = initials(salesPerson?.name ?? me.displayName);

  return (
    <>
      <IconButton
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        // the name starts with what the avatar shows (WCAG 2.5.3 label in name: "click NA" works by voice)
        aria-label={t('userMenu.open', { initials: shown, name: me.displayName })}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: '0.9375rem', fontWeight: 600 }}>
          {shown}
        </Avatar>
      </IconButton>
      {menuOpened && (
        <Suspense fallback={null}>
          <UserMenuPopup id={id} anchor={anchor} me={me} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
