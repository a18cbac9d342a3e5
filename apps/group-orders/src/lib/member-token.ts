// A member has no account: joining answers a member token, kept in this browser per share link
// and sent as X-Member-Token on the member's own calls.

const key = (shareToken: string) => `caterway.group_orders.member.${shareToken}`;

export function memberToken(shareToken: string): string | null {
  try {
    return window.localStorage.getItem(key(shareToken));
  } catch {
    return null;
  }
}

export function saveMemberToken(shareToken: string, token: string): void {
  try {
    window.localStorage.setItem(key(shareToken), token);
  } catch {
    // private mode without storage: the member stays joined for this page view only
  }
}

export function forgetMemberToken(shareToken: string): void {
  try {
    window.localStorage.removeItem(key(shareToken));
  } catch {
    // nothing kept
  }
}
