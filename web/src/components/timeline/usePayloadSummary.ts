import type { OrderEventView } from '@app/contracts/wire';
import { useTranslation } from 'react-i18next';
import { useStatusLabels } from '../StatusBadge';
import { payloadSummary, type TimelineWords } from './timelinePayload';

/** The states of a QA task on the timeline (`QA_TASK_UPDATED`: `from` → `state`). */
const TASK_STATE_WORDS = {
  IN_PROGRESS: 'qaWorkspace.taskStates.inProgress',
  DONE: 'qaWorkspace.taskStates.done',
  REJECTED: 'qaWorkspace.taskStates.rejected',
  RELEASED: 'qaWorkspace.taskStates.released',
} as const;

/** `payloadSummary` in the user's language: status values, QA task states and re-edit reasons translated. */
export function usePayloadSummary(): (event: OrderEventView) => string {
  const { t } = useTranslation();
  const labels = useStatusLabels();
  const words: TimelineWords = {
    status: labels.status,
    qaStatus: labels.qaStatus,
    taskState: (state) => t(TASK_STATE_WORDS[state]),
    reEditReason: (reason) => t(`reEdit.reasons.${reason}`),
  };
  return (event) => payloadSummary(event, words);
}
