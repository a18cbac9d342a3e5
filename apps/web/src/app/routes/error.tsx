import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** /error: where order-load failures other than 'Not authorized' land (ordering-payments §8). */
export function ErrorPage() {
  return (
    <section className="container page status-page">
      <h1>Something went wrong</h1>
      <p className="muted">We could not load this page. Please try again in a moment.</p>
      <Link className="btn btn-primary" to={paths.home.path}>
        Go to Home
      </Link>
    </section>
  );
}

export const Component = ErrorPage;
