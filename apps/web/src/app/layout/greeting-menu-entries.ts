import { paths } from '../../config/paths';
import { groupOrderDashboardUrl } from '../../lib/group-orders-site';
import type { StoredUser } from '../../lib/storage';

export interface MenuEntry {
  label: string;
  href: string;
  /** Shown only once the page behind it exists. */
  built: boolean;
  external?: boolean;
}

/**
 * Entries of the greeting menu in the spec's order (ordering-payments §2 'Navigation bar').
 * groupOrdersUrl: the group-order site's base (runtime config); the dashboard entry waits for it.
 */
export function greetingMenuEntries(
  user: Pick<StoredUser, 'id' | 'adminToken'> & { role?: StoredUser['role'] },
  groupOrdersUrl?: string,
): MenuEntry[] {
  const groupOrderHref = groupOrdersUrl ? groupOrderDashboardUrl(groupOrdersUrl, user.id, user.adminToken) : '';
  const entries: MenuEntry[] = [
    { label: 'Account Details', href: paths.settings.path, built: paths.settings.built },
    { label: 'Payment Methods', href: paths.payments.path, built: paths.payments.built },
    // Only for a user with an id; opens the separate group-order site in a new tab, with the admin token.
    {
      label: 'Group Order Dashboard',
      href: groupOrderHref,
      built: paths.groupOrderDashboard.built && Boolean(user.id) && groupOrderHref !== '',
      external: true,
    },
    { label: 'My Favorites & Saved Orders', href: paths.favorites.path, built: paths.favorites.built },
    { label: 'Reports', href: paths.reports.path, built: paths.reports.built },
    { label: 'Orders', href: paths.myOrders.path, built: paths.myOrders.built },
    // not in the spec's menu: the operations console, for staff accounts only
    { label: 'Operations console', href: paths.ops.path, built: paths.ops.built && user.role === 'staff' },
  ];
  return entries.filter((e) => e.built);
}
