import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  LogController,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerFactory,
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
 * are replaced by the one access line the HTTP server records (accessLoggedServer); a request that failed after its
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

/** The request id genReqId chose, and when the request reached the server, kept on the raw request for the access line. */
const kRequestId = Symbol('caterway.requestId');
const kStartedAt = Symbol('caterway.startedAt');
type RawRequest = http.IncomingMessage & { [kRequestId]?: string; [kStartedAt]?: number };

/** What one access line says, kept until its batch is written and formatted there with the rest. */
class AccessRecord {
  constructor(
    readonly id: string,
    readonly method: string,
    readonly url: string,
    readonly status: number,
    /** performance.now() when the request's turn of the event loop began, and when it ended */
    readonly startedAt: number,
    readonly endedAt: number,
    /** false when the connection closed before the response was ended (the client went away) */
    readonly completed: boolean,
  ) {}
}

/** Where access records go: a LineBuffer, or (a test's stream) formatted and written at once. */
interface AccessSink {
  access(record: AccessRecord): void;
}

/** pino's fields of every line of this process, between "time" and "reqId" */
const PROCESS_FIELDS = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

// Reading a clock costs a trivial request ~0.4 µs on a virtual machine (bench/README.md, "The
// request log"), so the clock is read twice a turn of the event loop, not for each request: as
// the turn's first request is taken up (every request of a turn was waiting by then, so its wait
// behind the others counts), and as the turn ends, for every response that ended in it while its
// request was taken up (its time then counts the rest of that turn). The time of day comes from the same readings, by an offset
// to the wall clock taken again with every batch.
let turnStartedAt = -1;
let turnEndScheduled = false;
/** responses that ended in this turn, and what records each one, told the turn's end */
const endedResponses: http.ServerResponse[] = [];
const endedRecorders: Array<(res: http.ServerResponse, endedAt: number) => void> = [];
function scheduleTurnEnd(): void {
  if (turnEndScheduled) return;
  turnEndScheduled = true;
  setImmediate(endTurn);
}
function endTurn(): void {
  turnEndScheduled = false;
  turnStartedAt = -1;
  const count = endedResponses.length;
  if (!count) return;
  const endedAt = performance.now();
  for (let i = 0; i < count; i++) endedRecorders[i]!(endedResponses[i]!, endedAt);
  endedResponses.length = 0;
  endedRecorders.length = 0;
}
function turnStart(): number {
  if (turnStartedAt < 0) {
    turnStartedAt = performance.now();
    scheduleTurnEnd();
  }
  return turnStartedAt;
}
function endedInThisTurn(res: http.ServerResponse, recorder: (res: http.ServerResponse, endedAt: number) => void) {
  endedResponses.push(res);
  endedRecorders.push(recorder);
  scheduleTurnEnd();
}
let wallOffset = Date.now() - performance.now();
function resyncWallClock(): void {
  wallOffset = Date.now() - performance.now();
}

/** An access line in pino's format: level info, id, method, URL with its secrets redacted, status, ms. */
function formatAccess(record: AccessRecord): string {
  // the id is a UUID or matched REQUEST_ID (no character JSON escapes); method and status are tokens;
  // the milliseconds are written from integers (a fraction's shortest text costs far more)
  const tenths = Math.round((record.endedAt - record.startedAt) * 10);
  return (
    `{"level":30,"time":${Math.round(wallOffset + record.endedAt)}${PROCESS_FIELDS},"reqId":"${record.id}",` +
    `"req":{"method":"${record.method}","url":${JSON.stringify(redactUrl(record.url))}},"res":{"statusCode":${record.status}},` +
    `"responseTime":${Math.trunc(tenths / 10)}.${tenths % 10},"msg":"${record.completed ? 'request completed' : 'request closed before its response'}"}\n`
  );
}

/** What the access log writes (ACCESS_LOG, docs/decisions/063): a line a request, or quick reads summarised. */
export interface AccessLogOptions {
  /**
   * `all`: one line a request. `summary` (production's default): a line for every write, every
   * answer of 400 or more, every request slower than `slowMs` and every one the client left;
   * successful quick reads (GET and HEAD under `slowMs`) are counted per path family and written
   * as one line each per `summaryMs`.
   */
  mode: 'all' | 'summary';
  slowMs: number;
  summaryMs: number;
}

const ALL_LINES: AccessLogOptions = { mode: 'all', slowMs: 1_000, summaryMs: 60_000 };

/**
 * The family a read is counted under: the API's resource (`/api/v2/presets`), else the path's
 * first segment (`/assets`, `/restaurants`, `/`). Never more: ids and share tokens sit further in.
 */
export function readFamily(url: string): string {
  const q = url.indexOf('?');
  const end = q === -1 ? url.length : q;
  const segments = url.startsWith('/api/') ? 3 : 1;
  let at = 0;
  for (let s = 0; s < segments; s++) {
    const next = url.indexOf('/', at + 1);
    if (next === -1 || next > end) {
      at = end;
      break;
    }
    at = next;
  }
  return at > 1 ? url.slice(0, Math.min(at, 64)) : '/';
}

/** buckets of response time: four a doubling of tenths of a millisecond (each bound ~19% above the last) */
const BUCKETS_AN_OCTAVE = 4;
const BUCKETS = 100;
/** families counted at most; reads of any other path are counted as "other" */
const MAX_FAMILIES = 100;

function bucketOf(ms: number): number {
  const tenths = ms * 10;
  return tenths < 1 ? 0 : Math.min(BUCKETS - 1, 1 + Math.floor(Math.log2(tenths) * BUCKETS_AN_OCTAVE));
}

/** The upper bound of a bucket in milliseconds, to a tenth. */
function bucketBoundMs(bucket: number): number {
  return bucket === 0 ? 0.1 : Math.ceil(2 ** (bucket / BUCKETS_AN_OCTAVE)) / 10;
}

class ReadFamily {
  count = 0;
  redirects = 0;
  maxMs = 0;
  readonly buckets = new Uint32Array(BUCKETS);
}

/** Quick successful reads, counted per family and written as one line each a period (or at close and exit). */
class ReadSummary {
  #families = new Map<string, ReadFamily>();
  #since = Date.now();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly root: pino.Logger,
    private readonly periodMs: number,
  ) {}

  add(url: string, status: number, ms: number): void {
    let key = readFamily(url);
    let family = this.#families.get(key);
    if (!family) {
      if (this.#families.size >= MAX_FAMILIES) key = 'other';
      family = this.#families.get(key) ?? new ReadFamily();
      this.#families.set(key, family);
      if (!this.#timer) {
        liveSummaries.add(this);
        // an idle process keeps no timer
        this.#timer = setTimeout(() => this.flush(), this.periodMs).unref();
      }
    }
    family.count += 1;
    if (status >= 300) family.redirects += 1;
    if (ms > family.maxMs) family.maxMs = ms;
    family.buckets[bucketOf(ms)]! += 1;
  }

  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    liveSummaries.delete(this);
    const families = this.#families;
    const since = this.#since;
    this.#families = new Map();
    this.#since = Date.now();
    const seconds = Math.max(1, Math.round((this.#since - since) / 1000));
    for (const [path, family] of families) {
      const percentile = (p: number) => {
        let seen = 0;
        for (let b = 0; b < BUCKETS; b++) {
          seen += family.buckets[b]!;
          if (seen >= family.count * p) return Math.min(bucketBoundMs(b), Math.round(family.maxMs * 10) / 10);
        }
        return Math.round(family.maxMs * 10) / 10;
      };
      this.root.info(
        {
          reads: {
            path,
            count: family.count,
            redirects: family.redirects,
            seconds,
            p50Ms: percentile(0.5),
            p95Ms: percentile(0.95),
            maxMs: Math.round(family.maxMs * 10) / 10,
          },
        },
        'quick reads',
      );
    }
  }
}

/** Summaries holding counts: written at exit before the lines are. */
const liveSummaries = new Set<ReadSummary>();

/**
 * The HTTP server's request listener, around Fastify's, which records each request's access line:
 * at once when the response ended before Fastify's handler returned (a synchronous route), else
 * when the response closes. Fastify's own request log costs more than a trivial route whenever it
 * has a logger (it listens to every response's end, makes a child logger, serialises two lines
 * through pino's redaction); with no logger given to Fastify, no listener for a response that is
 * already over, and lines formatted in batches, logging costs a trivial route little
 * (bench/README.md, "The request log"). `app.inject()` bypasses the HTTP server and writes no
 * access line.
 */
function accessLoggedServer(
  root: pino.Logger,
  sink: AccessSink,
  access: AccessLogOptions,
  summary: ReadSummary | undefined,
): FastifyServerFactory<http.Server> {
  const record = (res: http.ServerResponse, endedAt: number) => {
    const req = res.req as RawRequest;
    const { method = '', url = '' } = req;
    const startedAt = req[kStartedAt] ?? 0;
    const status = res.statusCode;
    if (
      summary &&
      status < 400 &&
      (method === 'GET' || method === 'HEAD') &&
      endedAt - startedAt < access.slowMs &&
      res.writableEnded
    ) {
      summary.add(url, status, endedAt - startedAt);
      return;
    }
    sink.access(new AccessRecord(req[kRequestId] ?? '', method, url, status, startedAt, endedAt, res.writableEnded));
  };
  // a response that ends later (a route that waits on something) is recorded as it closes, with
  // a clock reading of its own: such a route costs far more than the reading
  function recordOnClose(this: http.ServerResponse) {
    if (root.levelVal <= 30) record(this, performance.now());
  }
  return (handler, options) => {
    // the server made here speaks plain HTTP/1.1: refuse options asking for more than it gives
    if (options.https || options.http2)
      throw new Error('The request log serves plain HTTP only (no https or http2 options)');
    const server = http.createServer((options.http ?? {}) as http.ServerOptions, (req: RawRequest, res) => {
      req[kStartedAt] = turnStart();
      handler(req, res);
      if (!res.writableEnded) res.once('close', recordOnClose);
      else if (root.levelVal <= 30) endedInThisTurn(res, record);
    });
    // what Fastify sets on the server it makes itself (fastify/lib/server.js)
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    if ((options.maxRequestsPerSocket as number) > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
    return server;
  };
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made only when the request logs something: Fastify makes one per request
 * (pino's child with the request id), which cost a trivial route more than its log line
 * (bench/README.md, "The request log"); most requests log nothing but the access line the HTTP
 * server records itself. The first call of a log method (or child()) makes pino's child and hands it on.
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
/** lines a batch: ~55 KB of access lines */
const BATCH_LINES = 256;

function flushPending(): void {
  flushTimer = undefined;
  for (const buffer of pendingBuffers) buffer.flush();
}

/** pino's asynchronous destination, sonic-boom in buffer mode (its types know only strings). */
interface BlockDestination {
  write(block: Buffer): unknown;
  flushSync(): void;
}

/**
 * The process's log lines on their way to pino's asynchronous destination (sonic-boom in buffer
 * mode, which writes each block in one system call, retries partial and EAGAIN writes and flushes
 * at exit). pino's lines and the access records wait here in order, 256 at most; then the access
 * lines are formatted all at once and the batch is encoded as one string into one block (~55 KB).
 * Per request that leaves one small object: formatting a line as its response ends, keeping the
 * strings until a block and joining them cost a trivial route several times more
 * (bench/README.md, "The request log"). Lines reach the file within a second when the server is
 * quiet, and at exit.
 */
class LineBuffer implements LineSink, AccessSink {
  #entries: (string | AccessRecord)[] = [];

  constructor(private readonly destination: BlockDestination) {}

  write(line: string): boolean {
    this.#add(line);
    return true;
  }

  access(record: AccessRecord): void {
    this.#add(record);
  }

  #add(entry: string | AccessRecord): void {
    const count = this.#entries.push(entry);
    if (count >= BATCH_LINES) this.flush();
    else if (count === 1) {
      pendingBuffers.add(this);
      // a second after the first line since the last batch; an idle process keeps no timer
      flushTimer ??= setTimeout(flushPending, 1000).unref();
    }
  }

  flush(): void {
    pendingBuffers.delete(this);
    const entries = this.#entries;
    if (!entries.length) return;
    this.#entries = [];
    resyncWallClock();
    // one string and one encoding a batch: encoding each line on its own (a call into C++ that
    // first flattens the line's pieces) cost a trivial route more than formatting it
    let text = '';
    for (const entry of entries) text += typeof entry === 'string' ? entry : formatAccess(entry);
    this.#hand(Buffer.from(text));
  }

  #hand(block: Buffer): void {
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
  endTurn();
  for (const summary of liveSummaries) summary.flush();
  for (const buffer of pendingBuffers) buffer.flushSync();
});

export interface AppLogging {
  /** Fastify's options: no Fastify logger (so nothing listens to each response), our child loggers and access lines */
  options: Pick<FastifyHttpOptions<http.Server>, 'logger' | 'logController' | 'childLoggerFactory' | 'serverFactory'>;
  /** Sets the app's logger as `app.log` (Fastify, given none, has only its silent one). */
  attach(app: FastifyInstance): void;
}

/**
 * The app's logging (bench/request-log.ts measures it): `false` for none; `dest` a file or file
 * descriptor to write to (default stdout); other options (tests: a stream) are merged into pino's.
 * Cheap per request (docs/decisions/037, 045, 046): Fastify is given no logger, handlers get a
 * per-request logger made only when they log (LazyRequestLogger), and the HTTP server's request
 * listener records one access line a request (accessLoggedServer), formatted in batches and
 * written asynchronously a batch at a time (a hard kill can lose the last second). Then
 * `logging.attach(app)` sets the logger as `app.log`.
 */
export function appLogging(
  level: string,
  options?: false | ({ dest?: string | number; stream?: LineSink } & Record<string, unknown>),
  access: AccessLogOptions = ALL_LINES,
): AppLogging {
  if (options === false) return { options: { logger: false }, attach: () => {} };
  const { dest = 1, stream, ...rest } = options ?? {};
  const buffer = stream
    ? undefined
    : new LineBuffer(
        pino.destination({ dest, sync: false, minLength: 0, contentMode: 'buffer' }) as unknown as BlockDestination,
      );
  const sink: LineSink = buffer ?? stream!;
  const accessSink: AccessSink = buffer ?? { access: (record) => sink.write(formatAccess(record)) };
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
  const summary = access.mode === 'summary' ? new ReadSummary(root, access.summaryMs) : undefined;
  return {
    options: {
      logger: false,
      logController: new AccessLineController(),
      childLoggerFactory: (_noLogger, bindings, childOptions) => new LazyRequestLogger(root, bindings, childOptions),
      serverFactory: accessLoggedServer(root, accessSink, access, summary),
    },
    attach: (app) => {
      app.log = root;
      // a server closing writes the reads it counted
      if (summary) app.addHook('onClose', (_app, done) => (summary.flush(), done()));
    },
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
