import crypto from 'node:crypto';
import os from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';

// What the request log says about a request (docs/decisions/028): links that carry a secret
// (password reset, account confirmation, the group-order dashboard's admin token, a group's
// share link) must not leave it in log files, which are kept and read far more widely than the
// database. Query parameters named like a token or a secret, and the share token in a path, are
// replaced by [REDACTED]; the rest of the URL stays, so the log still says which page was asked.

const SECRET_PARAM = /token|secret|password|signature|code$/i;
/** paths whose segment after the prefix is a share token (API and both sites' /g/ links) */
const SECRET_SEGMENT = /(\/api\/v2\/group\/|(?:^|\/)g\/)[^/?#]+/g;
export const REDACTED = '[REDACTED]';

/** The URL with every secret it carries replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        /* a malformed name is compared as sent */
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** pino's serializer of `req` for Fastify's request log: Fastify's own fields, the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Authorization headers and passwords are never logged; nor are the secrets links carry (above). */
const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-admin-token"]',
  'req.headers["x-member-token"]',
  '*.password',
  '*.password_confirmation',
];

/**
 * One line per request instead of Fastify's two ("incoming request" with the whole request, then
 * "request completed"): at info, its id, method, URL with its secrets redacted, status and
 * milliseconds, in pino's format. The line is put together here and written to the logger's
 * stream: going through pino's object formatting and its redaction (which the line, made of
 * those fields only, does not need) cost more than the rest of a trivial request (bench/README.md,
 * "The request log"). A failed answer is logged through pino at error, with its error; Fastify's
 * other lines (errors of its default handler, broken streams) stay.
 */
class OneLinePerRequest extends LogController {
  readonly #head = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"reqId":`;

  constructor(private readonly stream: { write(line: string): unknown }) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log as pino.Logger;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      const line = {
        req: { method: request.method, url: redactUrl(request.url) },
        res: { statusCode: reply.statusCode },
      };
      log.error({ ...line, responseTime: ms, err: error }, 'request errored');
    } else if (log.isLevelEnabled('info')) {
      this.stream.write(
        `{"level":30,"time":${Date.now()}${this.#head}${JSON.stringify(request.id)},"req":{"method":"${request.method}",` +
          `"url":${JSON.stringify(redactUrl(request.url))}},"res":{"statusCode":${reply.statusCode}},"responseTime":${ms},` +
          `"msg":"request completed"}\n`,
      );
    }
  }
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made only when the request logs something: Fastify makes one per request
 * (pino's child with the request id), which cost a trivial route more than its log line
 * (bench/README.md, "The request log"); most requests log nothing but the line OneLinePerRequest
 * writes itself. The first call of a log method (or child()) makes pino's child and hands it on.
 */
class LazyRequestLogger {
  #child: pino.Logger | undefined;

  constructor(
    private readonly parent: pino.Logger,
    private readonly bindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {}

  get logger(): pino.Logger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.#child || this.options.level ? this.logger.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  #log(level: LevelName, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    const logger = this.logger;
    Reflect.apply(logger[level], logger, args);
  }

  // methods on the prototype: nothing is made per request until one is called
  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): pino.Logger {
    return this.logger.child(bindings, options);
  }
}

/** Destinations with lines not yet written, flushed by one timer for the whole process. */
const pendingDestinations = new Set<pino.DestinationStream & { flush(): void }>();
let flushTimer: NodeJS.Timeout | undefined;

function flushPending(): void {
  flushTimer = undefined;
  for (const boom of pendingDestinations) {
    try {
      boom.flush();
      pendingDestinations.delete(boom);
    } catch {
      // not open yet (a file still opening): try again in a second; closed: it left the set
      flushTimer ??= setTimeout(flushPending, 1000).unref();
    }
  }
}

/**
 * Where the log goes by default: writes gathered into blocks of 4 KB or more (one system call for
 * ~20 request lines), and what a quiet server logged is written within a second. One timer
 * serves every destination of the process, and only while one has something pending.
 */
function bufferedDestination(dest: string | number): pino.DestinationStream {
  const boom = pino.destination({ dest, sync: false, minLength: 4096 });
  const write = boom.write.bind(boom);
  boom.write = (line: string) => {
    if (!pendingDestinations.has(boom)) {
      pendingDestinations.add(boom);
      // a second after the first line since the last flush; an idle process keeps no timer
      flushTimer ??= setTimeout(flushPending, 1000).unref();
    }
    return write(line);
  };
  boom.on('close', () => pendingDestinations.delete(boom));
  return boom;
}

/**
 * The app's logger (bench/request-log.ts measures it): `false` for none; `dest` a file or file
 * descriptor to write to (default stdout); other options (tests: a stream) are merged.
 * Cheap per request (docs/decisions/037): one line a request (OneLinePerRequest), written
 * asynchronously in blocks of 4 KB or more (pino flushes what is left when the process exits;
 * a hard kill can lose the last block).
 */
export function appLogging(
  level: string,
  options?: false | ({ dest?: string | number; stream?: pino.DestinationStream } & Record<string, unknown>),
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'childLoggerFactory'> {
  if (options === false) return { logger: false };
  const { dest = 1, stream = bufferedDestination(dest), ...rest } = options ?? {};
  return {
    logController: new OneLinePerRequest(stream),
    childLoggerFactory: (logger, bindings, childOptions) =>
      new LazyRequestLogger(logger as pino.Logger, bindings, childOptions),
    logger: { level, redact: LOG_REDACT, stream, ...rest, serializers: { req: serializeRequest } },
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A request's id: the caller's X-Request-Id when it looks like one, else a fresh UUID. */
export const requestIds = {
  requestIdHeader: 'x-request-id',
  genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  },
} satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'>;
