import { Link } from 'react-router';
import { messages } from '@caterway/domain';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <section className="container page status-page">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>{messages.notFoundPage}</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link className="btn btn-primary" to={paths.home.path}>
        Go to Home
      </Link>
    </section>
  );
}

export const Component = NotFoundPage;
