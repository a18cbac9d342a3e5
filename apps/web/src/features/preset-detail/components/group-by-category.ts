/**
 * Groups items by their category, in the order the chef lists categories
 * (menu_category_names, ordering-payments §3 Chef); categories not in that list follow in
 * first-seen order. Empty groups are dropped.
 */
export function groupByCategory<T>(
  items: readonly T[],
  categoryOf: (item: T) => string,
  order: readonly string[] = [],
): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const name of order) groups.set(name, []);
  for (const item of items) {
    const name = categoryOf(item) || 'Other';
    const list = groups.get(name);
    if (list) list.push(item);
    else groups.set(name, [item]);
  }
  return [...groups.entries()].filter(([, list]) => list.length > 0);
}

/** Text cut at `limit` characters on a word boundary where one is near, with an ellipsis. */
export function truncateText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
