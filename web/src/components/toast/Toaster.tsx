import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useSyncExternalStore } from 'react';
import { toastStore, type Toast, type ToastPlacement } from './toast';

const ANCHOR = {
  main: { vertical: 'bottom', horizontal: 'right' },
  notice: { vertical: 'top', horizontal: 'center' },
} as const;

function Slot({ placement, current }: { placement: ToastPlacement; current: Toast | undefined }) {
  if (!current) return null;
  const close = () => toastStore.dismiss(current.id);
  return (
    <Snackbar
      // a new key per toast restarts the timer and the enter transition
      key={current.id}
      open
      anchorOrigin={ANCHOR[placement]}
      autoHideDuration={current.duration}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
    >
      <Alert
        severity={current.kind}
        variant="filled"
        onClose={close}
        data-testid={`toast-${placement}`}
        sx={{ width: '100%', maxWidth: 480, alignItems: 'center' }}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}

/** Shows the oldest waiting toast of each placement; the next one follows when it closes. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  return (
    <>
      <Slot placement="main" current={toasts.find((t) => t.placement === 'main')} />
      <Slot placement="notice" current={toasts.find((t) => t.placement === 'notice')} />
    </>
  );
}
