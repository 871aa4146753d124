import type { OrderStatus, QaStatus } from '@app/contracts/wire';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { QA_STATUS_KEYS, STATUS_KEYS } from '../api/orders';
import { badgeColor } from '../theme';

/** The translated label of an order status or QA status. */
export function useStatusLabels() {
  const { t } = useTranslation();
  return {
    status: (status: OrderStatus) => t(`orders.status.${STATUS_KEYS[status]}`),
    qaStatus: (qa: QaStatus) => t(`orders.qaStatus.${QA_STATUS_KEYS[qa]}`),
  };
}

/** An order status or QA status as a badge in its tone (theme.ts). */
export function StatusBadge({ status, qa }: { status?: OrderStatus; qa?: QaStatus }) {
  const labels = useStatusLabels();
  const value = status ?? qa;
  if (!value) return null;
  const label = status ? labels.status(status) : labels.qaStatus(qa!);
  return <Chip size="small" label={label} color={badgeColor(value)} data-status={value} sx={{ fontWeight: 600 }} />;
}
