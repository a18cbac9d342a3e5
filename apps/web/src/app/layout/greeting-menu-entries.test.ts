import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { greetingMenuEntries } from './greeting-menu-entries';

const site = 'http://localhost:3000/group-orders-site';

describe('greetingMenuEntries', () => {
  it('lists only entries whose page is built, in the spec order', () => {
    const labels = greetingMenuEntries({ id: 3, adminToken: null }, site).map((e) => e.label);
    const expected = [
      ['Account Details', paths.settings.built],
      ['Payment Methods', paths.payments.built],
      ['Group Order Dashboard', paths.groupOrderDashboard.built],
      ['My Favorites & Saved Orders', paths.favorites.built],
      ['Reports', paths.reports.built],
      ['Orders', paths.myOrders.built],
    ]
      .filter(([, built]) => built)
      .map(([label]) => label);
    expect(labels).toEqual(expected);
  });

  it('opens the dashboard of the user on the group-order site in a new tab, with the admin token when there is one', () => {
    const entry = (adminToken: string | null) =>
      greetingMenuEntries({ id: 3, adminToken }, site).find((e) => e.label === 'Group Order Dashboard');
    expect(entry(null)).toEqual({
      label: 'Group Order Dashboard',
      href: `${site}/grouporder-dashboard/3`,
      built: true,
      external: true,
    });
    expect(entry('t.o.k')?.href).toBe(`${site}/grouporder-dashboard/3?admin_token=t.o.k`);
  });

  it('has no dashboard entry for a user without an id, nor before the site URL is known', () => {
    expect(greetingMenuEntries({ id: 0, adminToken: null }, site).map((e) => e.label)).not.toContain(
      'Group Order Dashboard',
    );
    expect(greetingMenuEntries({ id: 3, adminToken: null }).map((e) => e.label)).not.toContain('Group Order Dashboard');
  });

  it('shows the operations console to staff accounts only', () => {
    expect(greetingMenuEntries({ id: 3, adminToken: null, role: 'customer' }).map((e) => e.label)).not.toContain(
      'Operations console',
    );
    const staff = greetingMenuEntries({ id: 4, adminToken: null, role: 'staff' });
    expect(staff.at(-1)).toEqual({ label: 'Operations console', href: '/ops', built: true });
  });
});
