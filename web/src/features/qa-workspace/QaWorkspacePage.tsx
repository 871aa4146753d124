import { mayPickAs, type QaTaskRole, type QaWorkListRow } from '@app/contracts/wire';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { qaWorkspaceQueries } from '../../api/qaWorkspace';
import { useMe } from '../../app/useSession';
import { QaOrderCard } from './QaOrderCard';
import { LISTS_REFETCH_MS, REFRESH_COOLDOWN_MS, roleFromQuery } from './qaWorkspaceLogic';

/**
 * `/editing-page` and `/editor-list` (admin and QA): the QA work lists of the signed-in user,
 * the editor tab (no query) and the coordinator tab (`?list=coordinator`), each with "Your
 * tasks" and "Unassigned"; a Refresh button that rests 5 s after a click.
 */
export function QaWorkspacePage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const role = roleFromQuery(params.get('list'));
  // the admin picks as either; a QA account as what it is (its role tag or the role's list permission)
  const mayPick = me ? mayPickAs(role, me) : false;
  const [resting, setResting] = useState(false);
  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), REFRESH_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [resting]);

  const lists = useQuery({
    ...qaWorkspaceQueries.lists(role, me?.id ?? ''),
    enabled: Boolean(me),
    refetchInterval: LISTS_REFETCH_MS,
  });

  const chooseTab = (next: QaTaskRole) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next === 'coordinator') p.set('list', 'coordinator');
        else p.delete('list');
        return p;
      },
      { replace: true },
    );

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0, width: '100%', maxWidth: 1600, mx: 'auto', boxSizing: 'border-box' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1">{t('qaWorkspace.title')}</Typography>
        <Button
          variant="outlined"
          startIcon={<Refresh />}
          disabled={resting}
          onClick={() => {
            setResting(true);
            void lists.refetch();
          }}
        >
          {t('qaWorkspace.refresh')}
        </Button>
      </Box>
      <Tabs value={role} onChange={(_e, next: QaTaskRole) => chooseTab(next)} aria-label={t('qaWorkspace.tabsLabel')} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="editor" label={t('qaWorkspace.editorTab')} />
        <Tab value="coordinator" label={t('qaWorkspace.coordinatorTab')} />
      </Tabs>
      {lists.isError ? (
        <Alert severity="error">{lists.error.message}</Alert>
      ) : !lists.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          <WorkList title={t('qaWorkspace.yourTasks')} testId="qa-own" role={role} own rows={lists.data.ownOrders} mayPick={mayPick} />
          <WorkList title={t('qaWorkspace.unassigned')} testId="qa-unassigned" role={role} own={false} rows={lists.data.unassignedOrders} mayPick={mayPick} />
        </Box>
      )}
    </Box>
  );
}

function WorkList({ title, testId, role, own, rows, mayPick }: { title: string; testId: string; role: QaTaskRole; own: boolean; rows: QaWorkListRow[]; mayPick: boolean }) {
  const { t } = useTranslation();
  const now = Date.now();
  return (
    <Box component="section" aria-label={title} data-testid={testId} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('qaWorkspace.listTitle', { title, n: rows.length })}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('qaWorkspace.empty')}</Typography>
      ) : (
        rows.map((row) => <QaOrderCard key={row.id} row={row} role={role} own={own} now={now} mayPick={mayPick} />)
      )}
    </Box>
  );
}
