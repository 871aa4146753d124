import { type QaTaskRole, type QaWorkListRow, unapprovedImages } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { orderKeys, ordersApi } from '../../api/orders';
import { qaWorkspaceApi, qaWorkspaceKeys } from '../../api/qaWorkspace';
import { useApiMutation } from '../../api/useApiMutation';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TagBadge } from '../../components/TagBadge';
import { formatDateTime } from '../../utils/date';
import { durationSince, durationUntil, rowActions, TASK_STATE_KEYS, type RowAction } from './qaWorkspaceLogic';

/** The row actions asked about first. */
type Confirmable = 'approve' | 'sendBack' | 'sendToEdit' | 'editorApprove' | 'cancelEdition';

/**
 * One order of a QA work list: name (opens `/order/{id}`), dealership and style guide, tags,
 * the pictures approved and needing edition, how long it has waited, open re-edit requests
 * (overdue marked), the task, and what the row offers (`rowActions`: Pick; the editor's Send to
 * edit, Approve or Cancel edition and Done; the coordinator's Approve or Send back; Release),
 * each decision after a confirmation.
 */
export function QaOrderCard({ row, role, own, now, mayPick }: { row: QaWorkListRow; role: QaTaskRole; own: boolean; now: number; mayPick: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const settled = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: qaWorkspaceKeys.all() }), queryClient.invalidateQueries({ queryKey: orderKeys.all() })]);
  };
  const after = { onSuccess: settled, onError: () => void settled() };
  const pick = useApiMutation({ action: t('qaWorkspace.pick'), mutationFn: () => qaWorkspaceApi.pick(row.id, role), ...after });
  const done = useApiMutation({ action: t('qaWorkspace.done'), mutationFn: () => qaWorkspaceApi.taskState(row.id, 'DONE'), ...after });
  const release = useApiMutation({ action: t('qaWorkspace.release'), mutationFn: () => qaWorkspaceApi.release(row.id, role), ...after });
  const decided = async () => {
    setConfirming(null);
    await settled();
  };
  const approve = useApiMutation({ action: t('qaWorkspace.approve'), mutationFn: () => ordersApi.approve(row.id, true), onSuccess: decided });
  const sendBack = useApiMutation({ action: t('qaWorkspace.sendBack'), mutationFn: () => ordersApi.approve(row.id, false), onSuccess: decided });
  // the editor's decisions (PUT /orders/{id}/qa/decision)
  const sendToEdit = useApiMutation({ action: t('qaWorkspace.sendToEdit'), mutationFn: () => qaWorkspaceApi.decide(row.id, 'sendToEdit'), onSuccess: decided });
  const editorApprove = useApiMutation({ action: t('qaWorkspace.approve'), mutationFn: () => qaWorkspaceApi.decide(row.id, 'approve'), onSuccess: decided });
  const cancelEdition = useApiMutation({ action: t('qaWorkspace.cancelEdition'), mutationFn: () => qaWorkspaceApi.decide(row.id, 'cancelEdition'), onSuccess: decided });
  const busy =
    pick.isPending || done.isPending || release.isPending || approve.isPending || sendBack.isPending || sendToEdit.isPending || editorApprove.isPending || cancelEdition.isPending;
  const duration = durationSince(row.waitingSince, now);
  const left = row.reEditDueAt ? durationUntil(row.reEditDueAt, now) : undefined;
  const unapproved = unapprovedImages(row);

  const open = (event: MouseEvent) => {
    // buttons and links in the card do their own thing
    if ((event.target as HTMLElement).closest('button, a')) return;
    navigate(`/order/${row.id}`);
  };

  const button = (action: RowAction) => {
    switch (action) {
      case 'pick':
        return (
          <Button key={action} variant="contained" size="small" disabled={busy} onClick={() => pick.mutate()}>
            {t('qaWorkspace.pick')}
          </Button>
        );
      case 'done':
        return (
          <Button key={action} variant="contained" size="small" color="success" disabled={busy} onClick={() => done.mutate()}>
            {t('qaWorkspace.done')}
          </Button>
        );
      case 'approve':
        return (
          <Button key={action} variant="contained" size="small" color="success" disabled={busy} onClick={() => setConfirming('approve')}>
            {t('qaWorkspace.approve')}
          </Button>
        );
      case 'sendBack':
        return (
          <Button key={action} variant="contained" size="small" color="warning" disabled={busy} onClick={() => setConfirming('sendBack')}>
            {t('qaWorkspace.sendBack')}
          </Button>
        );
      case 'sendToEdit':
        return (
          <Button key={action} variant="contained" size="small" color="warning" disabled={busy} onClick={() => setConfirming('sendToEdit')}>
            {t('qaWorkspace.sendToEdit')}
          </Button>
        );
      case 'editorApprove':
        return (
          <Button key={action} variant="contained" size="small" color="success" disabled={busy} onClick={() => setConfirming('editorApprove')}>
            {t('qaWorkspace.approve')}
          </Button>
        );
      case 'cancelEdition':
        return (
          <Button key={action} variant="outlined" size="small" color="success" disabled={busy} onClick={() => setConfirming('cancelEdition')}>
            {t('qaWorkspace.cancelEdition')}
          </Button>
        );
      case 'release':
        return (
          <Button key={action} size="small" disabled={busy} onClick={() => release.mutate()}>
            {t('qaWorkspace.release')}
          </Button>
        );
    }
  };

  return (
    <>
      <Paper variant="outlined" onClick={open} data-testid="qa-row" sx={{ p: 2, display: 'grid', gap: 1, cursor: 'pointer', minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <Link component={RouterLink} to={`/order/${row.id}`} variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.orderName}
          </Link>
          {row.tags.map((tag) => (
            <TagBadge key={tag.id} tag={tag} />
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.user.displayName} · {row.styleGuide.name}
        </Typography>
        <Typography variant="body2">{t('qaWorkspace.counts', { approved: row.approvedCount, total: row.uploadedImagesCount, needsEdition: row.needsEditionCount })}</Typography>
        <Typography variant="body2" title={formatDateTime(new Date(row.waitingSince))} data-testid="qa-waited">
          {t('qaWorkspace.waited', { duration: t(duration.key, duration.values) })}
        </Typography>
        {row.reEditOpenCount > 0 && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="qa-re-edit">
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {row.reEditDueAt
                ? t('qaWorkspace.reEditDue', { n: row.reEditOpenCount, due: formatDateTime(new Date(row.reEditDueAt)) })
                : t('qaWorkspace.reEdit', { n: row.reEditOpenCount })}
            </Typography>
            {row.overdue && <Chip size="small" color="error" label={t('qaWorkspace.overdue')} />}
            {!row.overdue && left && (
              <Typography variant="body2" data-testid="qa-re-edit-left" sx={{ color: 'warning.dark', fontWeight: 600 }}>
                {t('qaWorkspace.reEditLeft', { left: t(left.key, left.values) })}
              </Typography>
            )}
          </Box>
        )}
        {row.task && (
          <Typography variant="body2" data-testid="qa-task">
            {t('qaWorkspace.task', { name: row.task.user.displayName, state: t(TASK_STATE_KEYS[row.task.state]) })}
          </Typography>
        )}
        {role === 'coordinator' && row.editorTask && (
          <Typography variant="body2" data-testid="qa-editor-task">
            {t('qaWorkspace.editorTask', { name: row.editorTask.user.displayName, state: t(TASK_STATE_KEYS[row.editorTask.state]) })}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{rowActions(role, own, row, mayPick).map(button)}</Box>
      </Paper>
      {/* outside the card: a click in a dialog would otherwise reach the card's link */}
      <ConfirmDialog
        open={confirming === 'approve'}
        title={t('qaWorkspace.approveTitle', { name: row.orderName })}
        text={t('qaWorkspace.approveText')}
        confirmLabel={t('qaWorkspace.approve')}
        color="success"
        busy={approve.isPending}
        onConfirm={() => approve.mutate()}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'sendBack'}
        title={t('qaWorkspace.sendBackTitle', { name: row.orderName })}
        text={t('qaWorkspace.sendBackText', { n: unapproved, total: row.uploadedImagesCount })}
        confirmLabel={t('qaWorkspace.sendBack')}
        color="warning"
        busy={sendBack.isPending}
        onConfirm={() => sendBack.mutate()}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'sendToEdit'}
        title={t('qaWorkspace.sendToEditTitle', { name: row.orderName })}
        text={t('qaWorkspace.sendToEditText')}
        confirmLabel={t('qaWorkspace.sendToEdit')}
        color="warning"
        busy={sendToEdit.isPending}
        onConfirm={() => sendToEdit.mutate()}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'editorApprove'}
        title={t('qaWorkspace.approveTitle', { name: row.orderName })}
        text={unapproved === 0 ? t('qaWorkspace.approveText') : t('qaWorkspace.editorApproveText', { n: unapproved, total: row.uploadedImagesCount })}
        confirmLabel={t('qaWorkspace.approve')}
        color="success"
        busy={editorApprove.isPending}
        onConfirm={() => editorApprove.mutate()}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'cancelEdition'}
        title={t('qaWorkspace.cancelEditionTitle', { name: row.orderName })}
        text={t('qaWorkspace.cancelEditionText')}
        confirmLabel={t('qaWorkspace.cancelEdition')}
        color="success"
        busy={cancelEdition.isPending}
        onConfirm={() => cancelEdition.mutate()}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
