import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';

// Account pages' sidebar for confirmed users (ordering-payments §2); entries appear as their pages
// are built. On phones the page's content comes first: the menu folds into one line naming the
// page, and opens on a tap (issue 20). Loaded with the account pages only (root layout, lazily).
const entries = [
  { label: 'Account Details', entry: paths.settings },
  { label: 'Payment Methods', entry: paths.payments },
  { label: 'My Favorites & Saved Orders', entry: paths.favorites },
  { label: 'Reports', entry: paths.reports },
  { label: 'Orders', entry: paths.myOrders },
].filter((e) => e.entry.built);

export default function Sidebar() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  // another page closes the menu (state adjusted while rendering, as the navigation bar does)
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  const current = entries.find((e) => e.entry.path === pathname);

  return (
    <aside className="sidebar">
      <nav aria-label="Account">
        <button
          type="button"
          className="sidebar-toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          <span>Account menu{current ? <span className="muted">: {current.label}</span> : null}</span>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <ul id={listId} className={open ? 'sidebar-open' : undefined}>
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
