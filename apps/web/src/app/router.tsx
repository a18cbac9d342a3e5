import { lazy, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { RootLayout } from './layout/root-layout';
import { ErrorPage } from './routes/error';
import { NotFoundPage } from './routes/not-found';

// Declarative routes (<BrowserRouter> + <Routes>): the storefront uses no loaders or actions,
// and React Router's data-router half is 16 KB gzipped of the initial JavaScript
// (docs/decisions/014-front-end-budgets.md). Every page but the home page is its own chunk,
// loaded while navigating (React.lazy; the layout's Suspense keeps the previous page on screen
// during the transition), the home page too: the other pages do not carry the landing page's
// code. The tiny not-found and error pages are in the main bundle, which the layout's error
// boundary needs anyway.
type Page = ComponentType & { load: () => Promise<unknown> };

/**
 * A lazily loaded page. Once its chunk is in (page.load(), which main.tsx awaits for the first
 * page before rendering), it renders at once: the first paint is the whole page, never the
 * layout with a fallback that the page then pushes down (a layout shift).
 */
function page(load: () => Promise<{ Component: ComponentType }>): Page {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const fetchPage = () =>
    (loading ??= load().then((m) => {
      loaded = m.Component;
      return { default: m.Component };
    }));
  const Lazy = lazy(fetchPage);
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Page, { load: fetchPage });
}

const HomePage = page(() => import('./routes/home'));
const SignUp = page(() => import('./routes/signup'));
const BrowseRestaurants = page(() => import('./routes/browse-restaurants'));
const BrowsePresets = page(() => import('./routes/browse-presets'));
const Search = page(() => import('./routes/search'));
const Restaurant = page(() => import('./routes/restaurant'));
const EditOrder = page(() => import('./routes/edit-order'));
const AddOnOrder = page(() => import('./routes/add-on-order'));
const AddOnCheckout = page(() => import('./routes/add-on-checkout'));
const CompleteAddOnOrder = page(() => import('./routes/complete-add-on-order'));
const PresetDetail = page(() => import('./routes/preset-detail'));
const AboutUs = page(() => import('./routes/about-us'));
const Faq = page(() => import('./routes/faq'));
const DailyLunches = page(() => import('./routes/daily-lunches'));
const BookDemo = page(() => import('./routes/book-demo'));
const Confirmation = page(() => import('./routes/confirmation'));
const ResetPassword = page(() => import('./routes/reset-password'));
const Checkout = page(() => import('./routes/checkout'));
const CheckoutCompleted = page(() => import('./routes/checkout-completed'));
const Payments = page(() => import('./routes/payments'));
const Ops = page(() => import('./routes/ops'));
const Settings = page(() => import('./routes/settings'));
const Favorites = page(() => import('./routes/favorites'));
const Reports = page(() => import('./routes/reports'));
const MyOrders = page(() => import('./routes/my-orders'));
const DevMailbox = page(() => import('./routes/dev-mailbox'));
// the restaurant portal: one chunk with its own routes under /partner (decision 049)
const Partner = page(() => import('./routes/partner'));

/** The lazy pages by path, in the order they are matched: the routes below are built from it. */
const lazyPages: [string, Page][] = [
  ['/', HomePage],
  [paths.signUp.path, SignUp],
  [paths.browseRestaurants.path, BrowseRestaurants],
  [paths.browsePresets.path, BrowsePresets],
  [paths.search.path, Search],
  [paths.restaurant.path, Restaurant],
  [paths.editOrder.path, EditOrder],
  [paths.addOnOrder.path, AddOnOrder],
  [paths.addOnCheckout.path, AddOnCheckout],
  [paths.completeAddOnOrder.path, CompleteAddOnOrder],
  [paths.presetDetail.path, PresetDetail],
  [paths.aboutUs.path, AboutUs],
  [paths.faq.path, Faq],
  [paths.dailyLunches.path, DailyLunches],
  [paths.bookDemo.path, BookDemo],
  [paths.confirmation.path, Confirmation],
  [paths.resetPassword.path, ResetPassword],
  [paths.checkout.path, Checkout],
  [paths.checkoutCompleted.path, CheckoutCompleted],
  [paths.payments.path, Payments],
  [paths.ops.path, Ops],
  [paths.settings.path, Settings],
  [paths.favorites.path, Favorites],
  [paths.reports.path, Reports],
  [paths.myOrders.path, MyOrders],
  [paths.devMailbox.path, DevMailbox],
  [paths.devMailboxEmail.path, DevMailbox],
  [`${paths.partner.path}/*`, Partner],
];

/** Loads the page at this path (if it is a lazy one); a failed load is left to the error boundary. */
export function loadPage(pathname: string): Promise<unknown> {
  const found = lazyPages.find(([path]) => matchPath(path, pathname));
  return found ? found[1].load().catch(() => undefined) : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootLayout />}>
        <Route index element={<HomePage />} />
        {/* every lazy page but the home page, in the list's order */}
        {lazyPages.slice(1).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path={paths.error.path} element={<ErrorPage />} />
        <Route path={paths.notFound.path} element={<NotFoundPage />} />
        {/* Any unknown path shows the not-found page (ordering-payments §2). */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
