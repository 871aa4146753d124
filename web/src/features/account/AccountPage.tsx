import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeView } from '@app/contracts/wire';
import { useMe } from '../../app/useSession';

interface Field {
  id: string;
  label: string;
  value: string;
  /** left-to-right even in a right-to-left context: e-mails and phone numbers */
  ltr?: boolean;
}

function FieldList({ fields }: { fields: Field[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 220px) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1.75 },
      }}
    >
      {fields.map((f) => (
        <Box key={f.id} sx={{ display: 'contents' }} data-testid={`account-${f.id}`}>
          <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2', pt: { xs: 1.25, sm: 0.25 } }}>
            {f.label}
          </Box>
          <Box component="dd" sx={{ m: 0, typography: 'body1', fontWeight: 500, wordBreak: 'break-word' }} dir={f.ltr ? 'ltr' : undefined}>
            {f.value.trim() ? (
              f.value
            ) : (
              <Box component="span" sx={{ color: 'text.disabled', fontWeight: 400 }}>
                {t('account.notProvided')}
              </Box>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function AccountDetails({ me }: { me: MeView }) {
  const { t } = useTranslation();
  const dealership = me.userRole === 'Dealership' || me.userRole === 'Management';
  const account: Field[] = [
    { id: 'name', label: dealership ? t('account.fields.dealershipName') : t('fields.name'), value: me.displayName },
    { id: 'email', label: t('fields.email'), value: me.email, ltr: true },
    { id: 'country', label: t('account.fields.country'), value: me.address.country },
    { id: 'city', label: t('account.fields.city'), value: me.address.city },
    { id: 'postal-code', label: t('account.fields.postalCode'), value: me.address.postalCode },
    { id: 'company-id', label: t('account.fields.companyId'), value: me.address.companyId },
  ];
  const contact: Field[] = [
    { id: 'contact-name', label: t('fields.name'), value: me.contactPerson.name },
    { id: 'contact-title', label: t('account.fields.contactTitle'), value: me.contactPerson.title },
    { id: 'contact-phone', label: t('fields.phone'), value: me.contactPerson.phoneNumber, ltr: true },
    { id: 'contact-email', label: t('fields.email'), value: me.contactPerson.email, ltr: true },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Section title={dealership ? t('account.dealership') : t('account.details')}>
        <FieldList fields={account} />
      </Section>
      <Section title={t('account.contactPerson')}>
        <FieldList fields={contact} />
      </Section>
    </Box>
  );
}

/**
 * `/account` and `/account/settings`: the signed-in account, read-only.
 * Changes go through an admin (the customer form).
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me) return null;
  const salesPerson = me.loggedInSalesPersonInfo;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 1 }}>
        <Typography variant="h1">{t('account.title')}</Typography>
        <Chip label={t(`roles.${me.userRole}`)} color="primary" variant="outlined" size="small" data-testid="account-role" />
      </Box>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('account.readOnly')}</Typography>
      {salesPerson && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('account.salesPersonNotice', { name: salesPerson.name, email: salesPerson.email })}
        </Alert>
      )}
      <AccountDetails me={me} />
    </Container>
  );
}
