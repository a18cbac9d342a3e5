import { describe, expect, it } from 'vitest';
import { takeAdminTokenFromUrl } from './creator-auth';

function fakeHistory() {
  const calls: string[] = [];
  return {
    calls,
    history: {
      state: { idx: 0 },
      replaceState: (_s: unknown, _t: string, url: string) => void calls.push(url),
    } as unknown as History,
  };
}

describe('the admin token in the address', () => {
  it('leaves the address bar, the rest of the address stays', () => {
    const { calls, history } = fakeHistory();
    takeAdminTokenFromUrl(
      { href: 'http://localhost:3000/group-orders-site/grouporder-dashboard/7?admin_token=s3cret&x=1#top' } as Location,
      history,
    );
    expect(calls).toEqual(['/group-orders-site/grouporder-dashboard/7?x=1#top']);
  });

  it('leaves an address without one alone', () => {
    const { calls, history } = fakeHistory();
    takeAdminTokenFromUrl(
      { href: 'http://localhost:3000/group-orders-site/grouporder-dashboard/7' } as Location,
      history,
    );
    expect(calls).toEqual([]);
  });
});
