import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { styleGuideKeys, styleGuideQueries, styleGuidesApi } from '../../../api/admin';
import { useApiMutation } from '../../../api/useApiMutation';
import { useMe } from '../../../app/useSession';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { ConfigurationsStep } from './ConfigurationsStep';
import { GuideStep } from './GuideStep';
import { isNotFound, isWellFormedId, NotFoundNotice } from '../NotFoundNotice';

/**
 * The style guide builder (`/create-style-guide-v2`, `/style-guide-v2/{id}`): step 1 the guide
 * and its media, step 2 its configurations. The first Continue creates the guide, uploads the
 * chosen media and patches the guide with them; once created, Update patches it.
 */
export function StyleGuideBuilderPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const step = id && params.get('step') === '2' ? 1 : 0;
  const goToStep = (n: 0 | 1) => setParams(n === 1 ? { step: '2' } : {}, { replace: true });
  const [deleting, setDeleting] = useState(false);

  const wellFormed = !id || isWellFormedId(id);
  const guide = useQuery({ ...styleGuideQueries.one(id ?? ''), enabled: Boolean(id) && wellFormed });

  const duplicate = useApiMutation({
    action: t('admin.styleGuides.duplicate'),
    mutationFn: (guideId: string) => styleGuidesApi.duplicate(guideId),
    onSuccess: (copy) => {
      void queryClient.invalidateQueries({ queryKey: styleGuideKeys.all() });
      navigate(`/style-guide-v2/${copy.id}`);
    },
  });

  // a malformed id, or a guide the server does not know: no empty builder, but "not found"
  if (!wellFormed || (id && isNotFound(guide.error)))
    return (
      <Container maxWidth="lg">
        <NotFoundNotice page backTo="/admin/style-guides-v2" listName={t('menu.adminStyleGuides')} />
      </Container>
    );
  if (id && guide.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  if (id && guide.isError) return <Alert severity="error">{guide.error.message}</Alert>;
  const data = guide.data;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Button component={RouterLink} to="/admin/style-guides-v2" size="small">
            {t('admin.builder.back')}
          </Button>
          <Typography variant="h1">{data ? data.name : t('admin.builder.newTitle')}</Typography>
        </Box>
        {data && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="outlined" startIcon={<ContentCopy />} disabled={duplicate.isPending} onClick={() => duplicate.mutate(data.id)}>
              {t('admin.styleGuides.duplicate')}
            </Button>
            {me?.userRole === 'Admin' && (
              <Button variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
                {t('buttons.delete')}
              </Button>
            )}
          </Box>
        )}
      </Box>
      <Stepper activeStep={step} nonLinear={Boolean(data)}>
        <Step completed={Boolean(data)}>
          <StepLabel>{t('admin.builder.step1')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('admin.builder.step2')}</StepLabel>
        </Step>
      </Stepper>
      {step === 0 ? (
        <GuideStep key={data?.id ?? 'new'} guide={data} onContinue={(saved) => (data ? goToStep(1) : navigate(`/style-guide-v2/${saved.id}?step=2`))} />
      ) : (
        data && <ConfigurationsStep guide={data} onBack={() => goToStep(0)} />
      )}
      <ConfirmDeleteDialog
        name={deleting && data ? data.name : null}
        action={t('admin.styleGuides.delete')}
        errorMessage={(error) => t('admin.styleGuides.deleteError', { message: error.message })}
        onDelete={() => styleGuidesApi.remove(data!.id)}
        onDeleted={() => {
          setDeleting(false);
          void queryClient.invalidateQueries({ queryKey: styleGuideKeys.all() });
          navigate('/admin/style-guides-v2');
        }}
        onClose={() => setDeleting(false)}
      />
    </Container>
  );
}
