import { ErrorView, NotFoundView } from '@dash/shared';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's error element: 404 answers show Not Found, anything else the generic error view. */
export function RouteErrorView() {
  const error = useRouteError();
  // The error element replaces the whole page, so it is the page's main landmark.
  return (
    <main>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundView />
      ) : (
        <ErrorView
          error={isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error}
        />
      )}
    </main>
  );
}
