import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Splash } from '../components/Splash';
import { paths } from './paths';

/* One lazy chunk per feature folder, so the first page only loads what it shows. */
const StatusPage = lazy(() => import('../features/status/StatusPage').then((m) => ({ default: m.StatusPage })));
const ErrorRoute = lazy(() => import('../features/errors/ErrorRoute').then((m) => ({ default: m.ErrorRoute })));
const NotFoundPage = lazy(() => import('../features/errors/ErrorRoute').then((m) => ({ default: m.NotFoundPage })));

/**
 * The routes that exist today. Unknown paths render the 404 page in place (the address the
 * user typed stays visible).
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<Splash />}>
      <Routes>
        {/* Until sign-in exists the status page is the start page. */}
        <Route index element={<Navigate to={paths.status} replace />} />
        <Route path={paths.status} element={<StatusPage />} />
        <Route path="/error/*" element={<ErrorRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
