import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GroupOrder,
  GroupOrderDashboardResponse,
  GroupOrderDetailsBody,
  JoinGroupOrderBody,
  MemberChoiceResponse,
  PublicGroupOrderResponse,
  SiteConfigResponse,
} from '@caterway/contracts';
import { call } from '../lib/api';
import { creatorHeaders } from '../lib/creator-auth';
import { memberToken } from '../lib/member-token';

// Every call of the site (issue 6; the API helper's contracts in @caterway/contracts).
const MEMBER_TOKEN_HEADER = 'x-member-token';

const enc = encodeURIComponent;

export const keys = {
  groupOrder: (uuid: string) => ['group-order', uuid] as const,
  dashboard: (creatorId: number) => ['dashboard', creatorId] as const,
  publicGroup: (shareToken: string) => ['group', shareToken] as const,
  choice: (shareToken: string) => ['group', shareToken, 'choice'] as const,
};

/** Runtime settings from the server: test_mode puts the "no card is charged" banner on every page. */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => call<SiteConfigResponse>('GET', '/api/v2/site_config', { signal }),
    staleTime: Infinity,
  });
}

// ---- the creator (bearer token)

export function useGroupOrder(uuid: string) {
  return useQuery({
    queryKey: keys.groupOrder(uuid),
    queryFn: ({ signal }) =>
      call<{ group_order: GroupOrder }>('GET', `/api/v2/group_orders/${enc(uuid)}`, {
        headers: creatorHeaders(),
        signal,
      }).then((r) => r.group_order),
  });
}

export function useSaveDetails(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupOrderDetailsBody) =>
      call<{ group_order: GroupOrder }>('PUT', `/api/v2/group_orders/${enc(uuid)}`, {
        body,
        headers: creatorHeaders(),
      }).then((r) => r.group_order),
    onSuccess: (groupOrder) => {
      client.setQueryData(keys.groupOrder(uuid), groupOrder);
      void client.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** Refreshed every few seconds: members join and choose while the creator watches. */
export function useDashboard(creatorId: number) {
  return useQuery({
    queryKey: keys.dashboard(creatorId),
    queryFn: async ({ signal }) => {
      const data = await call<GroupOrderDashboardResponse>('GET', `/api/v2/group_orders/dashboard/${creatorId}`, {
        headers: creatorHeaders(),
        signal,
      });
      return { ...data, receivedAt: Date.now() };
    },
    refetchInterval: 5_000,
    refetchIntervalInBackground: false,
  });
}

export function useSendReminder() {
  return useMutation({
    mutationFn: (uuid: string) =>
      call<{ sent: number }>('POST', `/api/v2/group_orders/${enc(uuid)}/reminders`, { headers: creatorHeaders() }),
  });
}

export function useCancelGroupOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      call<unknown>('DELETE', `/api/v2/group_orders/${enc(uuid)}`, { headers: creatorHeaders() }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}

/** A combined order whose authorisation failed at the cut-off: try the default saved method again. */
export function useRetryPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      call<{ group_order: GroupOrder }>('POST', `/api/v2/group_orders/${enc(uuid)}/payment`, {
        body: {},
        headers: creatorHeaders(),
      }).then((r) => r.group_order),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}

// ---- members (public, by share token; their own calls carry the member token)

export function usePublicGroup(shareToken: string) {
  return useQuery({
    queryKey: keys.publicGroup(shareToken),
    queryFn: ({ signal }) => call<PublicGroupOrderResponse>('GET', `/api/v2/group/${enc(shareToken)}`, { signal }),
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
    queryFn: ({ signal }) =>
      call<MemberChoiceResponse>('GET', `/api/v2/group/${enc(shareToken)}/choice`, {
        headers: memberHeaders(shareToken),
        signal,
      }),
    enabled,
    retry: false,
  });
}

export function joinGroup(shareToken: string, body: JoinGroupOrderBody) {
  return call<{ member_token: string; member: { name: string; email: string; dietary_needs: string } }>(
    'POST',
    `/api/v2/group/${enc(shareToken)}/members`,
    { body },
  );
}

export function useChoose(shareToken: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (menuId: number) =>
      call<MemberChoiceResponse>('PUT', `/api/v2/group/${enc(shareToken)}/choice`, {
        body: { menu_id: menuId },
        headers: memberHeaders(shareToken),
      }),
    onSuccess: (state) => client.setQueryData(keys.choice(shareToken), state),
  });
}

export function useWithdraw(shareToken: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call<MemberChoiceResponse>('DELETE', `/api/v2/group/${enc(shareToken)}/choice`, {
        headers: memberHeaders(shareToken),
      }),
    onSuccess: (state) => client.setQueryData(keys.choice(shareToken), state),
  });
}
