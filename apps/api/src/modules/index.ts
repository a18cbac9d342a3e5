import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../lib/deps.js';
import { healthRoutes } from './health/health.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { mailboxRoutes } from './mailbox/mailbox.routes.js';
import { geoRoutes } from './geo/geo.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { altchaRoutes } from './altcha/altcha.routes.js';
import { demoRequestsRoutes } from './demo-requests/demo-requests.routes.js';
import { presetsRoutes } from './presets/presets.routes.js';
import { searchRoutes } from './search/search.routes.js';

export type ModuleRegistrar = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

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
];
