import Box from '@mui/material/Box';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/Logo';
import { paths } from './paths';
import { fullPageSx } from '../components/fullPageSx';

/**
 * Last resort when rendering throws, typically a lazy chunk that no longer exists after a
 * deploy. Built from modules already in the entry chunk (no lazy import can fail here), and
 * the home link is a plain link so the page, and its chunk list, load afresh.
 */
function CrashPage() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      role="alert"
      sx={{ ...fullPageSx, gap: 2, px: 3, textAlign: 'center' }}
    >
      <Logo size={56} />
      <Box component="h1" sx={{ typography: 'h1', m: 0 }}>
        {t('errors.500.title')}
      </Box>
      <Box component="p" sx={{ typography: 'body1', color: 'text.secondary', m: 0 }}>
        {t('errors.500.message')}
      </Box>
      <Box component="a" href={paths.home} sx={{ typography: 'button', color: 'primary.main', mt: 1 }}>
        {t('errors.goHome')}
      </Box>
    </Box>
  );
}

interface State {
  failed: boolean;
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashPage /> : this.props.children;
  }
}
