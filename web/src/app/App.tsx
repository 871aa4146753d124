import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '../components/toast/Toaster';
import { ApiBridge } from './ApiBridge';
import { AppErrorBoundary } from './AppErrorBoundary';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';

function DocumentTitle() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  return null;
}

export function App() {
  return (
    <AppProviders>
      <DocumentTitle />
      <AppErrorBoundary>
        <BrowserRouter>
          <ApiBridge />
          <AppRoutes />
        </BrowserRouter>
      </AppErrorBoundary>
      <Toaster />
    </AppProviders>
  );
}
