// One typed registry of the storefront's routes (spec: browse-account-orders §2,
// ordering-payments §2). `built` says whether this app serves the page yet: links and menu
// entries to pages not built are filtered out (the navigation's main links are the exception:
// the spec puts them there, and they show /not-found until their page lands).

interface PathEntry<Args extends unknown[] = []> {
  path: string;
  built: boolean;
  getHref: (...args: Args) => string;
}

const fixed = (path: string, built: boolean): PathEntry => ({ path, built, getHref: () => path });

export const paths = {
  home: fixed('/', true),
  aboutUs: fixed('/about-us', true),
  faq: fixed('/faq', true),
  browseRestaurants: fixed('/browse-restaurants', true),
  browsePresets: fixed('/browse-presets', true),
  /** The full search results (issue 20 §2, decision 065): restaurants, presets and dishes. */
  search: {
    path: '/search',
    built: true,
    getHref: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  } satisfies PathEntry<[string]>,
  bookDemo: fixed('/book-demo', true),
  dailyLunches: fixed('/daily-lunches', true),
  /** Restaurant page: a restaurant-kind preset by slug (browse-account-orders §2). */
  restaurant: {
    path: '/chefs/:slug',
    built: true,
    getHref: (slug: string) => `/chefs/${encodeURIComponent(slug)}`,
  } satisfies PathEntry<[string]>,
  /** Edit a placed catering order (ordering-payments §2 'Edit catered order page'). */
  editOrder: {
    path: '/chefs/:slug/:orderId',
    built: true,
    getHref: (slug: string, orderId: number) => `/chefs/${encodeURIComponent(slug)}/${orderId}`,
  } satisfies PathEntry<[string, number]>,
  /** Add-on order page (ordering-payments §2): the add-on draft, its preset and its parent order. */
  addOnOrder: {
    path: '/add_on_order/chefs',
    built: true,
    getHref: (aoId: number, presetId: number, parentId: number) =>
      `/add_on_order/chefs?aoId=${aoId}&presetId=${presetId}&parentId=${parentId}`,
  } satisfies PathEntry<[number, number, number]>,
  /** The add-on checkout: the checkout screen with the add-on in navigation state. */
  addOnCheckout: fixed('/add_on_checkout', true),
  /** The add-on's parent was already delivered: the page reads the parent order by its id. */
  completeAddOnOrder: {
    path: '/complete-addon-order',
    built: true,
    getHref: (parentId: number) => `/complete-addon-order?orderId=${parentId}`,
  } satisfies PathEntry<[number]>,
  /** Preset detail by id or slug (ordering-payments §2). */
  presetDetail: {
    path: '/preset-detail/:idOrSlug',
    built: true,
    getHref: (idOrSlug: string | number) => `/preset-detail/${encodeURIComponent(String(idOrSlug))}`,
  } satisfies PathEntry<[string | number]>,
  signUp: fixed('/signup', true),
  confirmation: fixed('/confirmation', true),
  resetPassword: {
    path: '/accounts/reset-password',
    built: true,
    getHref: (token?: string) =>
      token ? `/accounts/reset-password?token=${encodeURIComponent(token)}` : '/accounts/reset-password',
  } satisfies PathEntry<[string?]>,
  settings: fixed('/settings', true),
  payments: fixed('/payments', true),
  /** Receives the cart in navigation state (types/checkout-state.ts; ordering-payments §2). */
  checkout: fixed('/checkout', true),
  checkoutCompleted: fixed('/checkout-completed', true),
  favorites: fixed('/favorites', true),
  reports: fixed('/reports', true),
  myOrders: fixed('/my-orders', true),
  /** On the separate group-order site (lib/group-orders-site.ts builds its absolute URL). */
  groupOrderDashboard: {
    path: '/grouporder-dashboard/:creatorId',
    built: true,
    getHref: (creatorId: number) => `/grouporder-dashboard/${creatorId}`,
  } satisfies PathEntry<[number]>,
  /** The operations console: staff accounts only (issue 5 item 1). */
  ops: fixed('/ops', true),
  /**
   * The restaurant portal (issue 19, decisions 047 and 049): its own routes under this path, and
   * their addresses in features/partner/portal-paths.ts (kept out of the storefront's first JavaScript).
   */
  partner: fixed('/partner', true),
  notFound: fixed('/not-found', true),
  error: fixed('/error', true),
  devMailbox: fixed('/dev/mailbox', true),
  devMailboxEmail: {
    path: '/dev/mailbox/:emailId',
    built: true,
    getHref: (id: number) => `/dev/mailbox/${id}`,
  } satisfies PathEntry<[number]>,
} as const;

/** Account pages: a confirmed user sees the sidebar there instead of the footer (ordering-payments §2). */
export const accountPagePaths: readonly string[] = [
  paths.settings.path,
  paths.payments.path,
  paths.favorites.path,
  paths.reports.path,
  paths.myOrders.path,
];
