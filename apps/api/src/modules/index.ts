import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../lib/deps.js';
import { accountRoutes } from './account/account.routes.js';
import { altchaRoutes } from './altcha/altcha.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { calendarRoutes } from './calendar/calendar.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { catalogueChangesRoutes } from './catalogue-changes/catalogue-changes.routes.js';
import { demoRequestsRoutes } from './demo-requests/demo-requests.routes.js';
import { favoritesRoutes } from './favorites/favorites.routes.js';
import { geoRoutes } from './geo/geo.routes.js';
import { groupOrderDocumentsRoutes } from './group-order-documents/group-order-documents.routes.js';
import { groupOrdersRoutes } from './group-orders/group-orders.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { invoicesRoutes } from './invoices/invoices.routes.js';
import { mailboxRoutes } from './mailbox/mailbox.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { menuEditorRoutes } from './menu-editor/menu-editor.routes.js';
import { orderHistoryRoutes } from './order-history/order-history.routes.js';
import { lifecycleRoutes } from './order-lifecycle/lifecycle.routes.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { partnerEventsRoutes } from './partner/partner-events.routes.js';
import { partnerRoutes } from './partner/partner.routes.js';
import { stripeWebhookRoutes } from './payment-lifecycle/stripe-webhooks.routes.js';
import { paymentMethodsRoutes } from './payment-methods/payment-methods.routes.js';
import { photosRoutes } from './photos/photos.routes.js';
import { presetsRoutes } from './presets/presets.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { restaurantAdminRoutes } from './restaurant-admin/restaurant-admin.routes.js';
import { sandboxPaymentsRoutes } from './sandbox-payments/sandbox-payments.routes.js';
import { savedPresetsRoutes } from './saved-presets/saved-presets.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { siteConfigRoutes } from './site-config/site-config.routes.js';
import { soldOutRoutes } from './sold-out/sold-out.routes.js';
import { statementsRoutes } from './statements/statements.routes.js';
import { suggestionsRoutes } from './suggestions/suggestions.routes.js';
import { testClockRoutes } from './test-clock/test-clock.routes.js';

// most modules only declare routes (synchronous); one awaits a scoped plugin registration
export type ModuleRegistrar = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

/** Every route module of the API, registered in this order by app.ts. Add one line per module. */
export const modules: ModuleRegistrar[] = [
  healthRoutes,
  authRoutes,
  mailboxRoutes,
  geoRoutes,
  catalogueRoutes,
  mediaRoutes,
  altchaRoutes,
  demoRequestsRoutes,
  presetsRoutes,
  searchRoutes,
  paymentMethodsRoutes,
  sandboxPaymentsRoutes,
  ordersRoutes,
  favoritesRoutes,
  savedPresetsRoutes,
  groupOrdersRoutes,
  suggestionsRoutes,
  lifecycleRoutes,
  reportsRoutes,
  accountRoutes,
  orderHistoryRoutes,
  invoicesRoutes,
  testClockRoutes,
  groupOrderDocumentsRoutes,
  siteConfigRoutes,
  stripeWebhookRoutes,
  partnerRoutes,
  partnerEventsRoutes,
  catalogueChangesRoutes,
  restaurantAdminRoutes,
  soldOutRoutes,
  menuEditorRoutes,
  photosRoutes,
  calendarRoutes,
  statementsRoutes,
];
