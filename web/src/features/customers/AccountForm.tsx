import type { MeView, Role, UserView } from '@app/contracts/wire';
import ContentPaste from '@mui/icons-material/ContentPaste';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { userKeys, userQueries, usersApi } from '../../api/users';
import { useMe } from '../../app/useSession';
import { FormField } from '../../components/form/FormField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useForm } from '../../components/form/useForm';
import { languageOf } from '../../i18n/languages';
import {
  ACCOUNT_ROLES,
  EMPTY_ACCOUNT,
  fromUser,
  isRequiredFor,
  toCreateRequest,
  toUpdateRequest,
  validateAccount,
  withRegistration,
  ZOOM_CHOICES,
  type AccountFormValues,
} from './accountFormRules';
import { COUNTRIES, countryName, findCountry } from './countries';
import { AccountSalesPeople } from './AccountSalesPeople';
import { PasteBoxDialog } from './PasteBoxDialog';

/**
 * The account form: creates an account without `userId`, edits it with one. The login
 * e-mail and the account details (role, zoom, mobile access, QA, desaturate, pricing) are the
 * admin's; QA edits the rest of a dealership or management account and only reads the others.
 */
export function AccountForm({ userId }: { userId?: string }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const user = useQuery({ ...userQueries.one(userId ?? ''), enabled: userId !== undefined });
  if (!me || (userId !== undefined && user.isPending)) return <Typography role="status">{t('common.loading')}</Typography>;
  if (userId !== undefined && user.isError) return <Alert severity="error">{user.error.message}</Alert>;
  // a new form per account, so its first values are the account's
  return <AccountFormBody key={userId ?? 'new'} user={user.data} me={me} />;
}

function AccountFormBody({ user, me }: { user: UserView | undefined; me: MeView }) {
  const isAdmin = me.userRole === 'Admin';
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pasting, setPasting] = useState(false);
  const [fillAlert, setFillAlert] = useState(false);
  // QA keeps the customers' own fields (not the login e-mail); other accounts it only reads
  const readOnly = !isAdmin && !(user && (user.userRole === 'Dealership' || user.userRole === 'Management'));
  const form = useForm<AccountFormValues, UserView>({
    initialValues: user ? fromUser(user) : EMPTY_ACCOUNT,
    validate: (values) => validateAccount(values, isAdmin),
    action: user ? t('customers.form.update') : t('customers.form.create'),
    mutationFn: (values) => (user ? usersApi.update(user.id, toUpdateRequest(values, isAdmin)) : usersApi.create(toCreateRequest(values, isAdmin))),
    onSuccess: async (saved) => {
      setFillAlert(false);
      // the saved account; its style guides and sales people (not in a save's answer) stay as they were
      queryClient.setQueryData<UserView>(userKeys.one(saved.id), (before) => (before ? { ...before, ...saved } : saved));
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: userKeys.customers() });
      if (!user) navigate('/customers');
    },
    serverErrorField: (error) => (error.statusCode === 409 ? 'email' : undefined),
  });

  const locale = languageOf(i18n.language).locale;
  const countryOptions = useMemo(
    () => COUNTRIES.map((c) => ({ ...c, name: countryName(c, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale)),
    [locale],
  );
  const country = findCountry(form.values.country);
  // what the chosen role needs: staff accounts (Admin, QA) leave the dealer-only fields empty
  const required = (name: keyof AccountFormValues) => isRequiredFor(form.values.userRole, name);
  const field = (name: Parameters<typeof form.field>[0], label: string, adminOnly = false) => (
    <FormField
      {...form.field(name, label)}
      required={required(name)}
      disabled={readOnly || (adminOnly && !isAdmin)}
      slotProps={{ htmlInput: { 'data-testid': `account-${name}` } }}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1100 }}>
      <Box component="form" ref={form.ref} noValidate sx={{ display: 'grid', gap: 2 }} onSubmit={(e) => {
        setFillAlert(form.invalid);
        form.handleSubmit()(e);
      }}>
        {fillAlert && form.invalid && <Alert severity="error">{t('customers.form.fillAll')}</Alert>}
        {form.formError !== undefined && <Alert severity="error">{form.formError}</Alert>}
        {!readOnly && (
          <Box>
            <Button variant="outlined" startIcon={<ContentPaste />} onClick={() => setPasting(true)}>
              {t('customers.paste.open')}
            </Button>
          </Box>
        )}

        <Section title={t('customers.form.dealership')}>
          {field('displayName', t('account.fields.dealershipName'))}
          {field('email', t('customers.form.loginEmail'), true)}
          <FormField
            select
            label={t('account.fields.country')}
            required
            disabled={readOnly}
            value={country?.label ?? form.values.country}
            onChange={(e) => form.setValue('country', e.target.value)}
            onBlur={() => form.touch('country')}
            error={form.error('country', t('account.fields.country'))}
            slotProps={{ htmlInput: { 'data-testid': 'account-country' } }}
          >
            {!country && form.values.country && <MenuItem value={form.values.country}>{form.values.country}</MenuItem>}
            {countryOptions.map((c) => (
              <MenuItem key={c.code} value={c.label}>
                {c.name} ({c.dialCode})
              </MenuItem>
            ))}
          </FormField>
          {field('city', t('account.fields.city'))}
          {field('postalCode', t('account.fields.postalCode'))}
          {field('address', t('customers.form.address'))}
          {field('companyId', t('account.fields.companyId'))}
        </Section>

        <Section title={t('account.contactPerson')}>
          {field('contactName', t('fields.name'))}
          {field('contactEmail', t('fields.email'))}
          <FormField
            {...form.field('contactPhone', t('fields.phone'))}
            required={required('contactPhone')}
            disabled={readOnly}
            placeholder={country ? `${country.dialCode} …` : undefined}
            helperText={country ? t('customers.form.dialCode', { code: country.dialCode }) : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'account-contactPhone', inputMode: 'tel' } }}
          />
          {field('contactTitle', t('account.fields.contactTitle'))}
        </Section>

        {isAdmin && (
          <Section title={t('customers.form.details')}>
            <FormField select label={t('customers.fields.role')} value={form.values.userRole} onChange={(e) => form.setValue('userRole', e.target.value as Role)}>
              {ACCOUNT_ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`roles.${r}`)}
                </MenuItem>
              ))}
            </FormField>
            <FormField select label={t('customers.fields.minimumZoom')} value={form.values.minimumZoomValue} onChange={(e) => form.setValue('minimumZoomValue', e.target.value)}>
              {ZOOM_CHOICES.map((z) => (
                <MenuItem key={z} value={z}>
                  {z}
                </MenuItem>
              ))}
            </FormField>
            <FormField {...form.field('currency', t('customers.fields.currency'))} placeholder="EUR" />
            <FormField {...form.field('subscriptionPrice', t('customers.fields.subscriptionPrice'))} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            <Box sx={{ display: 'flex', flexDirection: 'column', gridColumn: '1 / -1' }}>
              {(
                [
                  ['mobileAppAccess', t('customers.fields.mobileAppAccess')],
                  ['enabled_qa', t('customers.fields.enabled_qa')],
                  ['desaturateYellowLight', t('customers.fields.desaturateYellowLight')],
                  ['editedImageLabel', t('customers.fields.editedImageLabel')],
                  ['keepOriginalMetadata', t('customers.fields.keepOriginalMetadata')],
                ] as const
              ).map(([name, label]) => (
                <FormControlLabel
                  key={name}
                  control={<Switch checked={form.values[name]} onChange={(e) => form.setValue(name, e.target.checked)} />}
                  label={label}
                />
              ))}
            </Box>
          </Section>
        )}

        {!readOnly && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <SubmitButton busy={form.busy}>{user ? t('buttons.save') : t('buttons.create')}</SubmitButton>
            {!user && (
              <Button component={RouterLink} to="/customers">
                {t('buttons.cancel')}
              </Button>
            )}
          </Box>
        )}
        {pasting && (
          <PasteBoxDialog
            onClose={() => setPasting(false)}
            onParsed={(found) => {
              form.setValues((values) => withRegistration(values, found));
              setPasting(false);
            }}
          />
        )}
      </Box>
      {/* outside the form: the list saves each change itself, and Enter in its cells must not submit the account */}
      <Section title={t('menu.salesmen')} columns={1}>
        {user ? <AccountSalesPeople account={user} me={me} /> : <Alert severity="info">{t('customers.form.saveFirst')}</Alert>}
      </Section>
    </Box>
  );
}

function Section({ title, children, columns = 2 }: { title: string; children: ReactNode; columns?: 1 | 2 }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `repeat(${columns}, minmax(0, 1fr))` } }}>{children}</Box>
    </Paper>
  );
}
