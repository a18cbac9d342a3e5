import { Suspense, useId } from 'react';
import { Link } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out';
import { useSiteConfig } from '../../lib/site-config';
import { useDropdown } from '../../lib/use-dropdown';
import type { SessionUser } from '../../stores/session';
import { greetingMenuEntries } from './greeting-menu-entries';
import { SupportLine } from './support-line-lazy';

/** Loaded by the navigation bar once a user is signed in (decision 073): visitors never need it. */
export default function GreetingMenu({ user }: { user: SessionUser }) {
  const { open, setOpen, root, button } = useDropdown();
  const menuId = useId();
  const signOut = useSignOut();
  const siteConfig = useSiteConfig();

  return (
    <div className="greeting" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost greeting-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        Hi, {user.firstName}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={menuId} className="greeting-list" hidden={!open}>
        {greetingMenuEntries(user, siteConfig.data?.groupOrdersUrl).map((entry) => (
          <li key={entry.label}>
            {entry.external ? (
              <a href={entry.href} target="_blank" rel="noopener noreferrer">
                {entry.label}
              </a>
            ) : (
              <Link to={entry.href}>{entry.label}</Link>
            )}
          </li>
        ))}
        <li>
          <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign Out
          </button>
        </li>
        {open ? (
          <li>
            <Suspense fallback={null}>
              <SupportLine className="greeting-support" />
            </Suspense>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
