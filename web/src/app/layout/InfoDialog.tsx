import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type InfoTopic = 'privacy' | 'cookies' | 'about';

const TEXTS = {
  privacy: ['footer.privacyText1', 'footer.privacyText2', 'footer.privacyText3'],
  cookies: ['footer.cookiesText1', 'footer.cookiesText2'],
  about: ['footer.aboutText1', 'footer.aboutText2'],
} as const;

/** A footer topic (privacy, cookie policy, about) in a dialog; about and privacy end with the contact. */
export function InfoDialog({ topic, onClose, contact }: { topic: InfoTopic | null; onClose: () => void; contact: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={topic !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {topic && (
        <>
          <DialogTitle id={titleId}>{t(`footer.topics.${topic}`)}</DialogTitle>
          <DialogContent>
            {TEXTS[topic].map((key) => (
              <Typography key={key} sx={{ mb: 1.5 }}>
                {t(key)}
              </Typography>
            ))}
            {topic !== 'cookies' && contact}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>
              {t('buttons.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
