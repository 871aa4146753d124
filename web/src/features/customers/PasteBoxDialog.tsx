import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseRegistrationText, type RegistrationFields } from './parseRegistrationText';

/** How long "It is not a valid text" stays. */
export const INVALID_TEXT_MS = 10_000;

/** The paste box: a registration e-mail's text fills the account form's fields it names. */
export function PasteBoxDialog({ onClose, onParsed }: { onClose: () => void; onParsed: (found: RegistrationFields) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(0);

  useEffect(() => {
    if (!invalid) return;
    const timer = setTimeout(() => setInvalid(0), INVALID_TEXT_MS);
    return () => clearTimeout(timer);
  }, [invalid]);

  const fill = () => {
    const found = parseRegistrationText(text);
    if (found) onParsed(found);
    // a second refusal shows the alert for another 10 seconds
    else setInvalid((n) => n + 1);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="paste-box-title">
      <DialogTitle id="paste-box-title">{t('customers.paste.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('customers.paste.help')}
        </Typography>
        {invalid > 0 && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {t('customers.paste.invalid')}
          </Alert>
        )}
        <TextField
          autoFocus
          multiline
          minRows={8}
          fullWidth
          label={t('customers.paste.text')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('buttons.cancel')}</Button>
        <Button variant="contained" onClick={fill} disabled={!text.trim()}>
          {t('customers.paste.fill')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
