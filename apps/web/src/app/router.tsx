import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './routes/not-found';
import { ErrorPage } from './routes/error';

// Declarative routes (<BrowserRouter> + <Routes>): the storefront uses no loaders or actions,
// and React Router's data-router half is 16 KB gzipped of the initial JavaScript
// (docs/decisions/014-front-end-budgets.md). Every page but the home page is its own chunk,
// loaded while navigating (React.lazy; the layout's Suspense keeps the previous page on screen
// during the transition), the home page too: the other pages do not carry the landing page's
// code. The tiny not-found and error pages are in the main bundle, which the layout's error
// boundary needs anyway.
const page = (load: () => Promise<{ Component: ComponentType }>) => lazy(() => load().then((m) => ({ default: m.Component })));

const HomePage = page(() => import('./routes/home'));
const SignUp = page(() => import('./routes/signup'));
const BrowseRestaurants = page(() => import('./routes/browse-restaurants'));
const BrowsePresets = page(() => import('./routes/browse-presets'));
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

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path={paths.signUp.path} element={<SignUp />} />
        <Route path={paths.browseRestaurants.path} element={<BrowseRestaurants />} />
        <Route path={paths.browsePresets.path} element={<BrowsePresets />} />
        <Route path={paths.restaurant.path} element={<Restaurant />} />
        <Route path={paths.editOrder.path} element={<EditOrder />} />
        <Route path={paths.addOnOrder.path} element={<AddOnOrder />} />
        <Route path={paths.addOnCheckout.path} element={<AddOnCheckout />} />
        <Route path={paths.completeAddOnOrder.path} element={<CompleteAddOnOrder />} />
        <Route path={paths.presetDetail.path} element={<PresetDetail />} />
        <Route path={paths.aboutUs.path} element={<AboutUs />} />
        <Route path={paths.faq.path} element={<Faq />} />
        <Route path={paths.dailyLunches.path} element={<DailyLunches />} />
        <Route path={paths.bookDemo.path} element={<BookDemo />} />
        <Route path={paths.confirmation.path} element={<Confirmation />} />
        <Route path={paths.resetPassword.path} element={<ResetPassword />} />
        <Route path={paths.checkout.path} element={<Checkout />} />
        <Route path={paths.checkoutCompleted.path} element={<CheckoutCompleted />} />
        <Route path={paths.payments.path} element={<Payments />} />
        <Route path={paths.ops.path} element={<Ops />} />
        <Route path={paths.settings.path} element={<Settings />} />
        <Route path={paths.favorites.path} element={<Favorites />} />
        <Route path={paths.reports.path} element={<Reports />} />
        <Route path={paths.myOrders.path} element={<MyOrders />} />
        <Route path={paths.devMailbox.path} element={<DevMailbox />} />
        <Route path={paths.devMailboxEmail.path} element={<DevMailbox />} />
        <Route path={paths.error.path} element={<ErrorPage />} />
        <Route path={paths.notFound.path} element={<NotFoundPage />} />
        {/* Any unknown path shows the not-found page (ordering-payments §2). */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
