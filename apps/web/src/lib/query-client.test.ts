import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { catalogueKeys, orderKeys } from '@caterway/contracts/client';
import { suggestionsQueryOptions } from '../api/geo';
import { ApiError } from './api-client';
import { createQueryClient, reloadAsVisitor } from './query-client';

describe('reloadAsVisitor', () => {
  it('loads a page whose query was in flight when a 401 signed the user out', async () => {
    const client = createQueryClient(() => {});
    let signedIn = true;
    const observer = new QueryObserver(client, {
      queryKey: catalogueKeys.preset('x'),
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
    const suggestions = suggestionsQueryOptions('100 King St');
    const found = { suggestions: [] };
    await client.prefetchQuery({ ...suggestions, queryFn: () => Promise.resolve(found) });
    client.setQueryData(orderKeys.history(), { upcoming: [], past: [] });
    await reloadAsVisitor(client);
    expect(client.getQueryData(orderKeys.history())).toBeUndefined();
    expect(client.getQueryData(suggestions.queryKey)).toBe(found);
  });
});
