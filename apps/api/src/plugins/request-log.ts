import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  LogController,
  type FastifyHttpOptions,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
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
  // most URLs carry neither a query nor a share link: nothing to look for (every request's line)
  if (q === -1 && !url.includes('/g')) return url;
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
 * What Fastify logs of a request's course. Its "incoming request" and "request completed" lines
 * are replaced by the one access line AccessLoggedResponse writes; a request that failed after its
 * headers (Fastify passes the error when something listens for its end) is still logged at error,
 * and Fastify's other lines (errors of its default handler, broken streams, unknown routes) stay.
 */
class AccessLineController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error) return;
    reply.log.error(
      {
        req: { method: request.method, url: redactUrl(request.url) },
        res: { statusCode: reply.statusCode },
        err: error,
      },
      'request errored',
    );
  }
}

/** The request id genReqId chose, kept on the raw request for the access line. */
const kRequestId = Symbol('caterway.requestId');
type RawRequest = http.IncomingMessage & { [kRequestId]?: string };

/**
 * The HTTP server's response class, which writes a request's access line when the response ends:
 * one line at info with its id, method, URL with its secrets redacted, status and milliseconds,
 * in pino's format. Fastify's own request log costs more than a trivial route itself whenever it
 * has a logger (it listens to every response's end, makes a child logger, serialises two lines
 * through pino's redaction); with no logger given to Fastify and the line made here, logging
 * costs a few percent of a hello route (bench/README.md, "The request log"). `app.inject()`
 * bypasses the HTTP server and writes no access line.
 */
function accessLoggedResponse(root: pino.Logger, sink: LineSink): typeof http.ServerResponse {
  const head = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"reqId":`;
  return class AccessLoggedResponse<Request extends http.IncomingMessage> extends http.ServerResponse<Request> {
    readonly #startedAt = performance.now();
    #logged = false;

    override end(...args: unknown[]): this {
      super.end(...(args as Parameters<http.ServerResponse['end']>));
      if (this.#logged) return this;
      this.#logged = true;
      if (!root.isLevelEnabled('info')) return this;
      const req = this.req as RawRequest;
      const ms = Math.round((performance.now() - this.#startedAt) * 10) / 10;
      // the id is a UUID or matched REQUEST_ID (no character JSON escapes); method and status are tokens
      sink.write(
        `{"level":30,"time":${Date.now()}${head}"${req[kRequestId] ?? ''}","req":{"method":"${req.method}",` +
          `"url":${JSON.stringify(redactUrl(req.url ?? ''))}},"res":{"statusCode":${this.statusCode}},"responseTime":${ms},` +
          `"msg":"request completed"}\n`,
      );
      return this;
    }
  };
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

/** Where log lines go: pino's destination, a test's stream, or a LineBuffer in front of either. */
interface LineSink {
  write(line: string): unknown;
}

/** LineBuffers holding lines, written by one timer for the whole process and at its exit. */
const pendingBuffers = new Set<LineBuffer>();
let flushTimer: NodeJS.Timeout | undefined;
const BLOCK_CHARS = 64 * 1024;

function flushPending(): void {
  flushTimer = undefined;
  for (const buffer of pendingBuffers) buffer.flush();
}

/**
 * Log lines gathered into blocks of 64 KB before they reach pino's asynchronous destination
 * (sonic-boom, which writes each block in one system call, retries partial and EAGAIN writes and
 * flushes at exit). Handed one line at a time, sonic-boom measures the bytes of the text it is
 * still holding on every write, which cost a trivial request ~2.5 µs; a block costs it once per
 * ~300 lines. Lines reach the file within a second when the server is quiet, and at exit.
 */
class LineBuffer implements LineSink {
  #lines: string[] = [];
  #chars = 0;

  constructor(private readonly destination: pino.DestinationStream & { flushSync(): void }) {}

  write(line: string): boolean {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= BLOCK_CHARS) this.flush();
    else if (this.#lines.length === 1) {
      pendingBuffers.add(this);
      // a second after the first line since the last block; an idle process keeps no timer
      flushTimer ??= setTimeout(flushPending, 1000).unref();
    }
    return true;
  }

  flush(): void {
    pendingBuffers.delete(this);
    if (!this.#lines.length) return;
    const block = this.#lines.join('');
    this.#lines = [];
    this.#chars = 0;
    try {
      this.destination.write(block);
    } catch {
      /* the destination was closed (the process is ending) */
    }
  }

  /** At exit: what is held goes to the destination, which writes it before the process ends. */
  flushSync(): void {
    this.flush();
    try {
      this.destination.flushSync();
    } catch {
      /* nothing to write, or the destination is closed */
    }
  }
}

// registered before any destination (pino registers its exit flush with the first one), so the
// lines held here reach the destination before it is flushed for the last time
process.on('exit', () => {
  for (const buffer of pendingBuffers) buffer.flushSync();
});

export interface AppLogging {
  /** Fastify's options: no Fastify logger (so nothing listens to each response), our child loggers and access lines */
  options: Pick<FastifyHttpOptions<http.Server>, 'logger' | 'logController' | 'childLoggerFactory' | 'http'>;
  /** the app's logger, to be set as `app.log` (Fastify has none of its own), or undefined for none */
  logger: pino.Logger | undefined;
}

/**
 * The app's logging (bench/request-log.ts measures it): `false` for none; `dest` a file or file
 * descriptor to write to (default stdout); other options (tests: a stream) are merged into pino's.
 * Cheap per request (docs/decisions/037, 045): Fastify is given no logger, handlers get a
 * per-request logger made only when they log (LazyRequestLogger), and the HTTP server's responses
 * write one access line each (AccessLoggedResponse), gathered into 64 KB blocks written
 * asynchronously (a hard kill can lose the last second). Set `app.log = logging.logger`.
 */
export function appLogging(
  level: string,
  options?: false | ({ dest?: string | number; stream?: LineSink } & Record<string, unknown>),
): AppLogging {
  if (options === false) return { options: { logger: false }, logger: undefined };
  const { dest = 1, stream, ...rest } = options ?? {};
  const sink = stream ?? new LineBuffer(pino.destination({ dest, sync: false, minLength: 0 }));
  const root = pino(
    {
      level,
      redact: LOG_REDACT,
      ...rest,
      serializers: {
        req: serializeRequest,
        res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    sink,
  );
  return {
    options: {
      logger: false,
      logController: new AccessLineController(),
      childLoggerFactory: (_noLogger, bindings, childOptions) => new LazyRequestLogger(root, bindings, childOptions),
      http: { ServerResponse: accessLoggedResponse(root, sink) },
    },
    logger: root,
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * A request's id: the caller's X-Request-Id when it looks like one, else a fresh UUID. Fastify is
 * not told the header's name: it would then take any value the header carries without asking
 * genReqId (a caller could put anything of any length in every log line).
 */
export const requestIds = {
  requestIdHeader: false,
  genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    (req as RawRequest)[kRequestId] = id;
    return id;
  },
} satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'>;
