import { describe, expect, it } from 'vitest';
import { groupOrderDashboardUrl, groupOrderPageUrl, withAdminToken } from './group-orders-site';

describe('group-order site links', () => {
  it('opens the dashboard of the creator, with the admin token only when there is one', () => {
    expect(groupOrderDashboardUrl('https://go.example.com/', 42, null)).toBe(
      'https://go.example.com/grouporder-dashboard/42',
    );
    expect(groupOrderDashboardUrl('http://localhost:3000/group-orders-site', 7, 'a.b+c/d')).toBe(
      'http://localhost:3000/group-orders-site/grouporder-dashboard/7?admin_token=a.b%2Bc%2Fd',
    );
  });

  it('adds the admin token to a link that already has a query or a fragment', () => {
    expect(withAdminToken('https://go.example.com/group-orders/u-1?x=1#top', 'tok')).toBe(
      'https://go.example.com/group-orders/u-1?x=1&admin_token=tok#top',
    );
    expect(withAdminToken('https://go.example.com/group-orders/u-1?admin_token=old', 'new')).toBe(
      'https://go.example.com/group-orders/u-1?admin_token=new',
    );
    expect(withAdminToken('https://go.example.com/a', undefined)).toBe('https://go.example.com/a');
  });

  it('lands a new group order on /group-orders/{uuid} with the saved delivery params', () => {
    const url = new URL(
      groupOrderPageUrl('http://localhost:3000/group-orders-site', '5b0c2f9e-1d1a-4c1e-9d4b-0e1f2a3b4c5d', {
        deliveryDate: '2026-12-03',
        deliveryTime: '11:30 AM',
        address: '100 King St W, Toronto',
        lat: 43.65,
        lng: -79.38,
      }),
    );
    expect(url.pathname).toBe('/group-orders-site/group-orders/5b0c2f9e-1d1a-4c1e-9d4b-0e1f2a3b4c5d');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      delivery_date: '2026-12-03',
      delivery_time: '11:30 AM',
      address: '100 King St W, Toronto',
      lat: '43.65',
      lng: '-79.38',
    });
    const noCoordinates = new URL(
      groupOrderPageUrl('https://go.example.com', 'u', {
        deliveryDate: '2026-12-03',
        deliveryTime: '11:30 AM',
        address: '',
        lat: null,
        lng: null,
      }),
    );
    expect(noCoordinates.searchParams.has('lat')).toBe(false);
  });
});
