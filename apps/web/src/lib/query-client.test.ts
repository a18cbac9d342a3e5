import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, reloadAsVisitor } from './query-client';

describe('reloadAsVisitor', () => {
  it('loads a page whose query was in flight when a 401 signed the user out', async () => {
    const client = createQueryClient(() => {});
    let signedIn = true;
    const observer = new QueryObserver(client, {
      queryKey: ['presets', 'detail', 'x'],
      queryFn: async () => {
        await Promise.resolve();
        if (signedIn) {
          // what the API client does on a 401 for the session's token: sign out, then throw
          signedIn = false;
          void reloadAsVisitor(client);
          throw new ApiError(401, { error: 'Not authorized' });
        }
        return 'preset as a visitor';
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => observer.getCurrentResult().data, { timeout: 2000 }).toBe('preset as a visitor');
    expect(observer.getCurrentResult().status).toBe('success');
    unsubscribe();
  });

  it('clears what the signed-in user had loaded, except geocoding', async () => {
    const client = createQueryClient(() => {});
    client.setQueryData(['my-orders'], ['order 1']);
    client.setQueryData(['geo', 'King St'], ['43.6,-79.3']);
    await reloadAsVisitor(client);
    expect(client.getQueryData(['my-orders'])).toBeUndefined();
    expect(client.getQueryData(['geo', 'King St'])).toEqual(['43.6,-79.3']);
  });
});
