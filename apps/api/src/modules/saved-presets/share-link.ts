import crypto from 'node:crypto';

// The share link of a saved cart (docs/decisions/031-shared-saved-carts.md): the preset-detail
// path of the cart with its random share token (migration 031). Whoever holds the link may read
// the cart; the id or slug alone opens it for its owner only.

export const SHARE_TOKEN_PARAM = 'share_token';

/** {publicUrl}/preset-detail/{slug}?share_token={token} */
export function sharedCartUrl(publicUrl: string, slug: string, shareToken: string): string {
  return `${publicUrl.replace(/\/$/, '')}/preset-detail/${encodeURIComponent(slug)}?${SHARE_TOKEN_PARAM}=${encodeURIComponent(shareToken)}`;
}

/** Whether the token given is the cart's, compared in constant time. */
export function shareTokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
