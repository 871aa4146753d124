import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AccountForm } from './AccountForm';
import { PAGE } from './CustomersPage';

/** `/create-account` and `/customer/{id}`: the account form on a page of its own. */
export function AccountFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <Box sx={{ ...PAGE, display: 'grid', gap: 2, maxWidth: 1100 }}>
      <Typography variant="h1">
        {id ? t('customers.form.editTitle') : t('customers.form.createTitle')}
      </Typography>
      <AccountForm userId={id} />
    </Box>
  );
}
