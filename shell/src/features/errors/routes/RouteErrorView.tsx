import { ErrorView, NotFoundView } from '@dash/shared';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The router's error element: 404 answers show Not Found, anything else the generic error view. */
export function RouteErrorView() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <ErrorView
      error={isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error}
    />
  );
}
