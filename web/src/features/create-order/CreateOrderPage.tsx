import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { MeView } from '@app/contracts/wire';
import { useMe } from '../../app/useSession';
import { FormField } from '../../components/form/FormField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { AddSalesPersonDialog } from '../../components/sales-people/AddSalesPersonDialog';
import { AccountPicker } from '../../components/AccountPicker';
import { FREE_FORM_MAX } from './creatorLogic';
import { FreeFormImages } from './FreeFormImages';
import { PositionSlots } from './PositionSlots';
import { UploadProgressDialog } from './UploadProgressDialog';
import { useOrderCreator } from './useOrderCreator';

/** `/create-order`: needs CREATE_ORDERS (screens.ts), else /error/401. */
export function CreateOrderPage() {
  const { data: me } = useMe();
  if (!me) return null;
  return <OrderCreator me={me} />;
}

function OrderCreator({ me }: { me: MeView }) {
  const { t } = useTranslation();
  const creator = useOrderCreator(me);
  const { form, isAdmin, salesPerson } = creator;
  const { accountId, styleGuide } = form.values;
  const [addingSalesPerson, setAddingSalesPerson] = useState(false);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h1">{t('createOrder.title')}</Typography>
      <Paper
        variant="outlined"
        component="form"
        ref={form.ref}
        noValidate
        onSubmit={form.handleSubmit()}
        aria-label={t('createOrder.title')}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }}
      >
        <FormField {...form.field('orderName', t('fields.orderName'))} required slotProps={{ htmlInput: { maxLength: 200 } }} />
        {isAdmin && <AccountPicker value={creator.account} error={form.error('accountId', t('fields.dealership'))} onChange={creator.pickAccount} />}
        {creator.salesPersonMissing && <Alert severity="warning">{t('createOrder.salesmanNone')}</Alert>}
        {!salesPerson && (
          <FormField
            {...form.field('salesPersonId', t('fields.salesPerson'))}
            select
            required
            disabled={!accountId}
            helperText={creator.salesPeople?.length === 0 ? t('createOrder.noSalesPeople') : undefined}
          >
            {(creator.salesPeople ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </FormField>
        )}
        {creator.mayAddSalesPerson && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              startIcon={<PersonAddAlt />}
              disabled={isAdmin || !accountId}
              aria-describedby={isAdmin ? 'add-sales-person-unavailable' : undefined}
              onClick={() => setAddingSalesPerson(true)}
            >
              {t('salesPeople.add')}
            </Button>
            {isAdmin && (
              <Typography id="add-sales-person-unavailable" variant="caption" color="text.secondary">
                {t('salesPeople.addWhileActing')}
              </Typography>
            )}
          </Box>
        )}
        <FormField
          {...form.field('styleGuide', t('fields.styleGuide'))}
          onChange={(e) => creator.pickStyleGuide(e.target.value)}
          select
          required
          disabled={!accountId}
          helperText={creator.guides?.length === 0 ? t('createOrder.noStyleGuides') : undefined}
        >
          {(creator.guides ?? []).map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </FormField>

        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mt: 2 }}>
          <Typography variant="h2">{t('fields.images')}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="image-count">
            {creator.positionsMode
              ? t('createOrder.positionsCount', { count: creator.images.length, total: creator.slots.length })
              : t('createOrder.count', { count: creator.images.length, max: FREE_FORM_MAX })}
          </Typography>
        </Box>
        {creator.positionsMode && creator.guide ? (
          <PositionSlots guide={creator.guide} slots={creator.slots} images={creator.images} onFiles={creator.putAt} onRemove={creator.removeImage} />
        ) : (
          <FreeFormImages images={creator.images} onFiles={creator.addFreeForm} onRemove={creator.removeImage} disabled={!styleGuide} />
        )}
        {creator.positionsMode && creator.missing.length > 0 && creator.images.length > 0 && (
          <Typography variant="body2" color="warning.main">
            {t('createOrder.missingPositions', { positions: creator.missing.join(', ') })}
          </Typography>
        )}

        {creator.interrupted && (
          <Alert severity="warning" role="alert" data-testid="upload-interrupted">
            {t('createOrder.interrupted', { safe: creator.interrupted.safe, total: creator.interrupted.total })}
          </Alert>
        )}

        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
          <Button component={RouterLink} to="/orders">
            {t('buttons.cancel')}
          </Button>
          <SubmitButton disabled={creator.submitDisabled}>{creator.resumable ? t('createOrder.resume') : t('createOrder.submit')}</SubmitButton>
        </Box>
      </Paper>
      {addingSalesPerson && (
        <AddSalesPersonDialog
          accountId={accountId}
          onClose={() => setAddingSalesPerson(false)}
          onAdded={(created) => {
            setAddingSalesPerson(false);
            creator.salesPersonAdded(created);
          }}
        />
      )}
      <UploadProgressDialog open={form.busy} percent={creator.percent} />
    </Container>
  );
}
