import { NavLink } from 'react-router';
import { paths } from '../../config/paths';

// Account pages' sidebar for confirmed users (ordering-payments §2); entries appear as their pages are built.
const entries = [
  { label: 'Account Details', entry: paths.settings },
  { label: 'Payment Methods', entry: paths.payments },
  { label: 'My Favorites & Saved Orders', entry: paths.favorites },
  { label: 'Reports', entry: paths.reports },
  { label: 'Orders', entry: paths.myOrders },
].filter((e) => e.entry.built);

export function Sidebar() {
  return (
    <aside className="sidebar">
      <nav aria-label="Account">
        <ul>
          {entries.map((e) => (
            <li key={e.label}>
              <NavLink to={e.entry.path}>{e.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
