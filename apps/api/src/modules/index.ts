import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../lib/deps.js';
import { healthRoutes } from './health/health.routes.js';

export type ModuleRegistrar = (app: FastifyInstance, deps: AppDeps) => Promise<void>;

/** Every route module of the API, registered in this order by app.ts. Add one line per module. */
export const modules: ModuleRegistrar[] = [
  healthRoutes,
];
