import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isControllable } from './lib/clock.js';
import type { AppDeps } from './lib/deps.js';
import { modules } from './modules/index.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { frameworkErrors, registerFrameworkAnswers } from './plugins/framework-answers.js';
import { registerGroupOrdersSite } from './plugins/group-orders-site.js';
import { appLogging, requestIds } from './plugins/request-log.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './plugins/web.js';

export interface BuildAppOptions {
  /** pino logger options (tests: a stream to read), or false for none (tests) */
  logger?: false | Record<string, unknown>;
}

/** Builds the whole HTTP app from its dependencies. server.ts listens; tests use app.inject(). */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const logging = appLogging(deps.config.logLevel, options.logger, deps.config.accessLog);
  const app = Fastify({
    ...logging.options,
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy.length ? deps.config.trustProxy : false,
    ...requestIds,
    // long path parameters reach their route and its schema (422/404), not the static files
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 8192 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // Fastify was given no logger (plugins/request-log.ts): the app's own is its `log`
  logging.attach(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerFrameworkAnswers(app);

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // browser tests on several processes: read the shared test clock before each request (lib/clock.ts)
  const clock = deps.clock;
  if (isControllable(clock) && clock.refresh) {
    app.addHook('onRequest', async () => {
      await clock.refresh!().catch(() => undefined); // an unreachable database answers 503 further on
    });
  }

  // Security headers on every response (docs/decisions/016): an onRequest hook covers routes,
  // static files, 404s and errors. Scripts only from this origin (no inline script anywhere).
  // Styles: files from this origin and style attributes only (React sets styles through the CSSOM;
  // the dev mailbox shows emails, whose inline style attributes are the norm, in a srcdoc frame
  // that inherits this policy); no <style> element is allowed. HSTS is sent always: browsers ignore
  // it over plain http (localhost), and a TLS-terminating proxy forwards it as is.
  const stripe = deps.config.stripePublishableKey
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  // the map's tiles (MAP_TILE_URL, decision 067) are images from the tile server's origin ({s}
  // subdomains: every subdomain of its host)
  const tileOrigin = deps.config.mapTileUrl ? [tileSource(deps.config.mapTileUrl)] : [];
  // helmet's headers, computed once (plugins/security-headers.ts, decision 018's addendum).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigin],
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        scriptSrc: ["'self'", ...stripe.script],
        scriptSrcAttr: ["'none'"],
        connectSrc: ["'self'", ...stripe.connect],
        frameSrc: ["'self'", ...stripe.frame],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
  });
  await app.register(compress, { threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Caterway API',
        version: '2.0.0',
        description:
          'The office-catering marketplace API. JSON keys are snake_case; errors are { error } or { error, messages }.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    // puts the named schemas (.meta({ id })) under components.schemas, where the $refs point
    transformObject: jsonSchemaTransformObject,
  });
  // swagger UI sets its own policy on its pages (scripts and styles from files only); it frames nothing
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  for (const register of modules) {
    await register(app, deps);
  }

  const {
    groupOrdersDistDir: distDir,
    groupOrdersBasePath: basePath,
    groupOrdersUrl: siteUrl,
    groupOrdersHost: host,
  } = deps.config;
  await registerGroupOrdersSite(app, { distDir, basePath, siteUrl, host });
  await registerWeb(app, deps.config.webDistDir, { devMailbox: deps.config.mailboxEnabled });
  return app;
}

/** The CSP source of a tile URL template: its scheme and host, a {s} subdomain as a wildcard. */
export function tileSource(template: string): string {
  const m = /^(https?:\/\/)([^/]+)\//.exec(template);
  if (!m) return "'none'";
  return `${m[1]}${m[2]!.replace(/^\{s\}\./, '*.')}`;
}
