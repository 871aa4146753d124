import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_SETTING_NAMES, type AppSettingView, type MeView } from '@app/contracts/wire';
import { appSettingsQueries, settingValue } from '../../api/appSettings';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useMe } from '../useSession';
import type { InfoTopic } from './InfoDialog';

// The topic's dialog loads the first time a topic is opened: the footer shows without its code.
const InfoDialog = lazy(() => import('./InfoDialog').then((m) => ({ default: m.InfoDialog })));

/**
 * The number to show: the Danish one to accounts in Denmark (or using the Danish interface),
 * the international one to everybody else, whichever exists.
 */
export function contactNumber(settings: readonly AppSettingView[] | undefined, me: Pick<MeView, 'address'> | undefined, language: string): string | undefined {
  const danish = me?.address.country.trim().toLowerCase() === 'denmark' || language === 'dk';
  const dk = settingValue(settings, APP_SETTING_NAMES.contactNumberDk);
  const int = settingValue(settings, APP_SETTING_NAMES.contactNumberInt);
  return danish ? (dk ?? int) : (int ?? dk);
}

/** The footer: privacy, cookie policy, contact number and e-mail (app settings), about. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const [topic, setTopic] = useState<InfoTopic | null>(null);
  const topicOpened = useOpenedOnce(topic !== null);
  // the footer stays quiet when the settings cannot be read (spec: list fetch failures are ignored)
  const settings = useQuery({ ...appSettingsQueries.list(), staleTime: 10 * 60_000 });
  const phone = contactNumber(settings.data, me, i18n.language);
  const email = settingValue(settings.data, APP_SETTING_NAMES.contactEmail);

  const contact = (phone || email) && (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }} data-testid="footer-contact">
      {phone && (
        <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} underline="hover" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <PhoneOutlined fontSize="small" aria-hidden="true" />
          <span>
            <Box component="span" sx={visuallyHidden}>
              {t('fields.phone')}:{' '}
            </Box>
            {phone}
          </span>
        </Link>
      )}
      {email && (
        <Link href={`mailto:${email}`} underline="hover" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, wordBreak: 'break-all' }}>
          <EmailOutlined fontSize="small" aria-hidden="true" />
          <span>
            <Box component="span" sx={visuallyHidden}>
              {t('fields.email')}:{' '}
            </Box>
            {email}
          </span>
        </Link>
      )}
    </Box>
  );

  return (
    <Box
      component="footer"
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        px: { xs: 2, sm: 3 },
        py: 2,
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: { xs: 'flex-start', md: 'center' },
        justifyContent: 'space-between',
        gap: 1.5,
      }}
    >
      <Box component="nav" aria-label={t('footer.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 0.5, sm: 1 }, ml: -1 }}>
        {(['privacy', 'cookies', 'about'] as const).map((key) => (
          <Button key={key} size="small" color="inherit" onClick={() => setTopic(key)} sx={{ color: 'text.secondary', fontWeight: 500 }}>
            {t(`footer.topics.${key}`)}
          </Button>
        ))}
      </Box>
      {contact && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {t('footer.contact')}
          </Typography>
          {contact}
        </Box>
      )}
      {topicOpened && (
        <Suspense fallback={null}>
          <InfoDialog topic={topic} onClose={() => setTopic(null)} contact={contact} />
        </Suspense>
      )}
    </Box>
  );
}
