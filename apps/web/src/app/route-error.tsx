import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './routes/not-found';
import { ErrorPage } from './routes/error';

/** A route that throws shows the error page inside the normal layout (never a stack trace). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}
