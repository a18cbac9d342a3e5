import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { greetingMenuEntries } from './greeting-menu-entries';

describe('greetingMenuEntries', () => {
  it('lists only entries whose page is built, in the spec order', () => {
    const labels = greetingMenuEntries({ id: 3, adminToken: null }).map((e) => e.label);
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

  it('shows the operations console to staff accounts only', () => {
    expect(greetingMenuEntries({ id: 3, adminToken: null, role: 'customer' }).map((e) => e.label)).not.toContain('Operations Console');
    const staff = greetingMenuEntries({ id: 4, adminToken: null, role: 'staff' });
    expect(staff.at(-1)).toEqual({ label: 'Operations Console', href: '/ops', built: true });
  });
});
