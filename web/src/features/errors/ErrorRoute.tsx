import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ErrorPage, type ErrorCode } from './ErrorPage';

/** `/error/404` and `/error/401` show those pages; any other `/error/*` path is a 500. */
export function errorCodeFromPath(rest: string | undefined): ErrorCode {
  const code = rest?.replace(/\/+$/, '');
  if (code === '404') return 404;
  if (code === '401') return 401;
  return 500;
}

/** Element of the `/error/*` route. */
export function ErrorRoute() {
  const { '*': rest } = useParams();
  return <ErrorPage code={errorCodeFromPath(rest)} />;
}

/**
 * Element of the catch-all route: an unknown path goes to the 404 page's route, `/error/404`
 * (the spec: "Unknown paths go to the 404 error page"), replacing the unknown path in the
 * history so that Back does not come round to it again.
 */
export function NotFoundPage() {
  return <Navigate to={paths.error(404)} replace />;
}
