import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupOrderDetailsBody, JoinGroupOrderBody } from '@caterway/contracts';
import { groupOrderKeys, groupOrdersClient, siteConfigClient, siteConfigKeys } from '@caterway/contracts/client';
import { call } from '../lib/api';
import { creatorHeaders } from '../lib/creator-auth';
import { memberToken } from '../lib/member-token';

// Every call of the site (issue 6), through the clients both apps share (@caterway/contracts/client,
// decisions 041 and 043): the group-order and site-config resources' paths, types and query keys.
const MEMBER_TOKEN_HEADER = 'x-member-token';

const groupOrders = groupOrdersClient(call);
const siteConfig = siteConfigClient(call);

/** The group-order query keys (shared with the storefront). */
export const keys = groupOrderKeys;

/** Runtime settings from the server: test_mode puts the "no card is charged" banner on every page. */
export function useSiteConfig() {
  return useQuery({
    queryKey: siteConfigKeys.all,
    queryFn: ({ signal }) => siteConfig.get({ signal }),
    staleTime: Infinity,
  });
}

// ---- the creator (bearer token)

export function useGroupOrder(uuid: string) {
  return useQuery({
    queryKey: keys.creator(uuid),
    queryFn: ({ signal }) => groupOrders.get(uuid, { headers: creatorHeaders(), signal }),
  });
}

export function useSaveDetails(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupOrderDetailsBody) => groupOrders.saveDetails(uuid, body, { headers: creatorHeaders() }),
    onSuccess: (groupOrder) => {
      client.setQueryData(keys.creator(uuid), groupOrder);
      void client.invalidateQueries({ queryKey: keys.dashboards() });
    },
  });
}

/** Refreshed every few seconds: members join and choose while the creator watches. */
export function useDashboard(creatorId: number) {
  return useQuery({
    queryKey: keys.dashboard(creatorId),
    queryFn: async ({ signal }) => {
      const data = await groupOrders.dashboard(creatorId, { headers: creatorHeaders(), signal });
      return { ...data, receivedAt: Date.now() };
    },
    refetchInterval: 5_000,
    refetchIntervalInBackground: false,
  });
}

export function useSendReminder() {
  return useMutation({
    mutationFn: (uuid: string) => groupOrders.sendReminders(uuid, { headers: creatorHeaders() }),
  });
}

export function useCancelGroupOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => groupOrders.cancel(uuid, { headers: creatorHeaders() }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.dashboards() }),
  });
}

/** A combined order whose authorisation failed at the cut-off: try the default saved method again. */
export function useRetryPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => groupOrders.retryPayment(uuid, { headers: creatorHeaders() }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.dashboards() }),
  });
}

// ---- members (public, by share token; their own calls carry the member token)

export function usePublicGroup(shareToken: string) {
  return useQuery({
    queryKey: keys.publicGroup(shareToken),
    queryFn: ({ signal }) => groupOrders.publicGroup(shareToken, { signal }),
    // the cut-off can pass while the page is open
    refetchInterval: 30_000,
  });
}

const memberHeaders = (shareToken: string): Record<string, string> => {
  const token = memberToken(shareToken);
  return token ? { [MEMBER_TOKEN_HEADER]: token } : {};
};

export function useMyChoice(shareToken: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.choice(shareToken),
    queryFn: ({ signal }) => groupOrders.myChoice(shareToken, { headers: memberHeaders(shareToken), signal }),
    enabled,
    retry: false,
  });
}

export function joinGroup(shareToken: string, body: JoinGroupOrderBody) {
  return groupOrders.join(shareToken, body);
}

export function useChoose(shareToken: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (menuId: number) => groupOrders.choose(shareToken, menuId, { headers: memberHeaders(shareToken) }),
    onSuccess: (state) => client.setQueryData(keys.choice(shareToken), state),
  });
}

export function useWithdraw(shareToken: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => groupOrders.withdraw(shareToken, { headers: memberHeaders(shareToken) }),
    onSuccess: (state) => client.setQueryData(keys.choice(shareToken), state),
  });
}
