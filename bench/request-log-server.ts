// The server of bench/request-log.ts, in a process of its own (pinned to one core by the parent):
// a hello route with the app's logging (REQUEST_LOG_VARIANT=log, lines to REQUEST_LOG_FILE) or
// with none (REQUEST_LOG_VARIANT=none); REQUEST_LOG_DEST, when set, is written instead of the
// file. REQUEST_LOG_MODE=summary measures production's access log (ACCESS_LOG=summary: the
// hello route's quick reads are counted, not written a line each). Prints "ready <port>", and
// closes on SIGINT.
import Fastify from 'fastify';
import { appLogging, requestIds } from '../apps/api/src/plugins/request-log.js';

const variant = process.env.REQUEST_LOG_VARIANT ?? 'none';
const file = process.env.REQUEST_LOG_FILE;
if (variant !== 'none' && !file) throw new Error('REQUEST_LOG_FILE is needed with a logger');
const mode = process.env.REQUEST_LOG_MODE === 'summary' ? 'summary' : 'all';
const logging = appLogging(
  process.env.REQUEST_LOG_LEVEL ?? 'info',
  variant === 'none' ? false : { dest: process.env.REQUEST_LOG_DEST ?? file! },
  { mode, slowMs: 1_000, summaryMs: 60_000 },
);
const app = Fastify({ ...logging.options, ...requestIds });
logging.attach(app);
app.get('/hello', (_request, reply) => reply.send({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.once('SIGINT', () => void app.close().then(() => process.exit(0)));
console.log(`ready ${(app.server.address() as { port: number }).port}`);
