import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../config/app';
import { paths } from '../../config/paths';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div>
          <p className="footer-brand">Caterway</p>
          <p className="muted">Office catering from local restaurants, across Canada and the US.</p>
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
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
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

/** For React.lazy (root-layout.tsx). */
export default Footer;
