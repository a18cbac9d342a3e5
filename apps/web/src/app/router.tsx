import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { ErrorPage } from './routes/error';

// Every page but the home page is its own chunk, loaded while navigating (route-level code
// splitting). The home page is in the main bundle (most visits start there), and so are the
// tiny not-found and error pages, which the route error boundary needs anyway.
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    // Shown while the first page's chunk loads on a deep link.
    HydrateFallback: () => <div className="route-progress" role="progressbar" aria-label="Loading page" />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, Component: HomePage },
          { path: paths.signUp.path, lazy: () => import('./routes/signup') },
          { path: paths.browseRestaurants.path, lazy: () => import('./routes/browse-restaurants') },
          { path: paths.browsePresets.path, lazy: () => import('./routes/browse-presets') },
          { path: paths.restaurant.path, lazy: () => import('./routes/restaurant') },
          { path: paths.editOrder.path, lazy: () => import('./routes/edit-order') },
          { path: paths.addOnOrder.path, lazy: () => import('./routes/add-on-order') },
          { path: paths.addOnCheckout.path, lazy: () => import('./routes/add-on-checkout') },
          { path: paths.completeAddOnOrder.path, lazy: () => import('./routes/complete-add-on-order') },
          { path: paths.presetDetail.path, lazy: () => import('./routes/preset-detail') },
          { path: paths.aboutUs.path, lazy: () => import('./routes/about-us') },
          { path: paths.faq.path, lazy: () => import('./routes/faq') },
          { path: paths.dailyLunches.path, lazy: () => import('./routes/daily-lunches') },
          { path: paths.bookDemo.path, lazy: () => import('./routes/book-demo') },
          { path: paths.confirmation.path, lazy: () => import('./routes/confirmation') },
          { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password') },
          { path: paths.checkout.path, lazy: () => import('./routes/checkout') },
          { path: paths.checkoutCompleted.path, lazy: () => import('./routes/checkout-completed') },
          { path: paths.payments.path, lazy: () => import('./routes/payments') },
          { path: paths.ops.path, lazy: () => import('./routes/ops') },
          { path: paths.settings.path, lazy: () => import('./routes/settings') },
          { path: paths.favorites.path, lazy: () => import('./routes/favorites') },
          { path: paths.reports.path, lazy: () => import('./routes/reports') },
          { path: paths.myOrders.path, lazy: () => import('./routes/my-orders') },
          { path: paths.devMailbox.path, lazy: () => import('./routes/dev-mailbox') },
          { path: paths.devMailboxEmail.path, lazy: () => import('./routes/dev-mailbox') },
          { path: paths.error.path, Component: ErrorPage },
          { path: paths.notFound.path, Component: NotFoundPage },
          // Any unknown path shows the not-found page (ordering-payments §2).
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
