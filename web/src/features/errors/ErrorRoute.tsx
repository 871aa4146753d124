import { useParams } from 'react-router-dom';
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

/** Element of the catch-all route: unknown paths are a 404. */
export function NotFoundPage() {
  return <ErrorPage code={404} />;
}
