import { Link } from 'react-router';
import { SupportLine } from '../../components/support-line';
import { paths } from '../../config/paths';

// Below the fold on every page: the root layout loads it lazily, outside the key pages' first
// JavaScript (their budget, decision 066). The support line is the site config's (decision 066).
export default function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div>
          <p className="footer-brand">Caterway</p>
          <p className="muted">Office catering from local restaurants, across Canada and the US.</p>
          <SupportLine />
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to={paths.home.path}>Home</Link>
            </li>
            <li>
              <Link to={paths.aboutUs.path}>About</Link>
            </li>
            <li>
              <Link to={paths.faq.path}>Faq</Link>
            </li>
            <li>
              <Link to={paths.browseRestaurants.path}>Browse Restaurants</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container footer-legal">
        <p className="muted">© {new Date().getFullYear()} Caterway</p>
      </div>
    </footer>
  );
}
