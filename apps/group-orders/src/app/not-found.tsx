import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="panel state-panel">
      <h1>Page not found</h1>
      <p>This address does not lead to a group order. Check the link you were sent, or ask the person who shared it for a new one.</p>
    </section>
  );
}

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main className="container site-main">
      <section className="panel state-panel" role="alert">
        <h1>Something went wrong</h1>
        <p>The page could not be shown. Reload to try again.</p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    </main>
  );
}
