import { Piscina } from 'piscina';
import { AppError } from '../errors.js';

// PDFs (invoices, group-order label sheets) render in a small pool of worker threads (piscina)
// (docs/decisions/012-pdf-worker-pool-and-benchmark.md): pdfkit lays out and subsets
// fonts synchronously, ~12 ms of CPU an invoice (decision 020), which on the server's event
// loop would delay every other request by as much. The pool keeps a bounded queue: past it a request is answered 503 with
// Retry-After at once instead of waiting behind minutes of work; a document that fails to
// render is answered 500 with a plain message (never the renderer's error text).

// The pool knows no document: its user names each kind's renderer (modules/pdf-documents.ts),
// a module the worker imports and a function of it that answers a pdfkit document for the data.

export interface PdfRenderer {
  /** the renderer's module (a file: URL, imported by the worker thread) */
  module: string;
  /** the exported function: (data) => a pdfkit document, or a promise of one */
  export: string;
}

export const pdfMessages = {
  busy: 'Too many documents are being prepared right now. Please try again in a few seconds.',
  failed: 'The document could not be created. Please try again later.',
} as const;

export interface PdfPoolOptions<D extends object> {
  /** every kind's renderer */
  renderers: { [K in keyof D & string]: PdfRenderer };
  /** worker threads (each renders one document at a time) */
  workers: number;
  /** documents waiting for a worker; the next one is refused with 503 */
  queueLimit: number;
  /** a render taking longer is abandoned (its worker restarted) and answered 500 */
  timeoutMs?: number;
}

export interface PdfPool<D extends object> {
  render<K extends keyof D & string>(kind: K, data: D[K]): Promise<Buffer>;
  /** rendering now and waiting */
  stats(): { busy: number; queued: number; workers: number };
  close(): Promise<void>;
}

const workerUrl = new URL('./pdf-worker.mjs', import.meta.url);

export function createPdfPool<D extends object>(options: PdfPoolOptions<D>): PdfPool<D> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Threads start on demand up to `workers` and then stay (an idle one does not keep the process
  // alive). An aborted running task loses its thread, which piscina terminates; the next
  // document starts a fresh one.
  const pool = new Piscina<{ id: number; kind: string; data: unknown }, Uint8Array>({
    filename: workerUrl.href,
    workerData: { renderers: options.renderers },
    minThreads: 0,
    maxThreads: options.workers,
    idleTimeout: Infinity,
  });
  // documents not answered yet, by task id: what aborts each
  const pending = new Map<number, { abort: AbortController; timer?: NodeJS.Timeout }>();
  let nextId = 1;
  let closed = false;

  // The time limit counts from the moment a thread starts the document (the worker says so),
  // not from the wait in the queue: past it the render is abandoned and its thread terminated.
  pool.on('message', (m: { pdfStarted?: number }) => {
    const task = m.pdfStarted === undefined ? undefined : pending.get(m.pdfStarted);
    if (task && !task.timer) task.timer = setTimeout(() => task.abort.abort(), timeoutMs);
  });

  // A thread that fails while idle is dropped (piscina starts another on demand), as the old pool
  // did; piscina reports it as an 'error' event, which unheard would end the process. A failure
  // during a render reaches that render's caller instead.
  pool.on('error', () => undefined);

  // the renderer's own message stays on the server (cause), never in the answer's body
  const failed = (cause?: string) =>
    Object.assign(new AppError('internal', pdfMessages.failed), cause ? { cause } : {});

  return {
    async render(kind, data) {
      if (closed) throw failed();
      // piscina leaves tasks with an abort signal out of its maxQueue, so the bound is kept here
      if (pool.queueSize >= options.queueLimit) {
        throw new AppError('unavailable', pdfMessages.busy, { headers: { 'retry-after': '2' } });
      }
      const id = nextId++;
      const task = { abort: new AbortController() } as { abort: AbortController; timer?: NodeJS.Timeout };
      pending.set(id, task);
      try {
        const pdf = await pool.run({ id, kind, data }, { signal: task.abort.signal });
        return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      } catch (err) {
        throw failed(err instanceof Error ? err.message : String(err));
      } finally {
        clearTimeout(task.timer);
        pending.delete(id);
      }
    },
    stats() {
      const queued = pool.queueSize;
      return { busy: pending.size - queued, queued, workers: pool.threads.length };
    },
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}
