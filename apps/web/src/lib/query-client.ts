import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      handlesErrors?: boolean;
      /** the same answer whoever asks (the geocoder's): kept when the session ends */
      sameForAnyone?: boolean;
    };
    mutationMeta: { handlesErrors?: boolean };
  }
}

/**
 * Server data lives here (never in storage). A failure whose body carried an { error } string
 * becomes the red 'Error' toast of browse-account-orders §8, unless the call handles its own
 * errors (forms word theirs per the catalogue). 401s are handled by the API client.
 */
export function createQueryClient(onApiError: (message: string) => void): QueryClient {
  const report = (error: unknown, handled: boolean | undefined) => {
    if (handled || !isApiError(error) || error.status === 401 || !error.serverError) return;
    onApiError(error.serverError);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta?.handlesErrors) }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => report(error, mutation.meta?.handlesErrors),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not fix themselves; retry network and 5xx failures once.
        retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * After a 401 has cleared the session: every query (but those whose answer does not depend on
 * who asks, the geocoder's) goes back to its initial state, and those on screen fetch again, now
 * as a visitor.
 * Removing them instead left a page whose query was in flight on 'Loading…' for good: its
 * observer kept the removed query, whose fetch had been cancelled silently (issue 16 item 13).
 */
export function reloadAsVisitor(client: QueryClient): Promise<void> {
  return client.resetQueries({ predicate: (q) => !q.meta?.sameForAnyone });
}
