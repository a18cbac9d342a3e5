import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.js';

// PDFs (invoices, group-order label sheets) render in a small pool of worker threads
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

interface Job {
  kind: string;
  data: unknown;
  resolve(pdf: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  job?: Job & { id: number; timer: NodeJS.Timeout };
}

const workerUrl = new URL('./pdf-worker.mjs', import.meta.url);

export function createPdfPool<D extends object>(options: PdfPoolOptions<D>): PdfPool<D> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  // the renderer's own message stays on the server (cause), never in the answer's body
  const failed = (cause?: string) =>
    Object.assign(new AppError('internal', pdfMessages.failed), cause ? { cause } : {});

  function spawn(): Slot {
    const worker = new Worker(workerUrl, { workerData: { renderers: options.renderers } });
    const slot: Slot = { worker };
    worker.on('message', (m: { id?: number; pdf?: Uint8Array; error?: string }) => {
      const job = slot.job;
      if (m.id === undefined || !job || job.id !== m.id) return;
      clearTimeout(job.timer);
      slot.job = undefined;
      worker.unref();
      if (m.pdf) job.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      else job.reject(failed(m.error));
      pump();
    });
    const lost = () => {
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      if (slot.job) {
        clearTimeout(slot.job.timer);
        slot.job.reject(failed());
        slot.job = undefined;
      }
      pump();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    // an idle worker never keeps the process alive (unref after the listeners: adding one refs again)
    worker.unref();
    slots.push(slot);
    return slot;
  }

  function pump() {
    while (queue.length && !closed) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < options.workers ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      const id = nextId++;
      const timer = setTimeout(() => {
        // a stuck render: drop the worker (its exit rejects the job) and start afresh
        void slot.worker.terminate();
      }, timeoutMs);
      slot.job = { ...job, id, timer };
      // a document in progress keeps the process alive until it is answered
      slot.worker.ref();
      slot.worker.postMessage({ id, kind: job.kind, data: job.data });
    }
  }

  return {
    render(kind, data) {
      if (closed) return Promise.reject(failed());
      if (queue.length >= options.queueLimit) {
        return Promise.reject(new AppError('unavailable', pdfMessages.busy, { headers: { 'retry-after': '2' } }));
      }
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ kind, data, resolve, reject });
        pump();
      });
    },
    stats() {
      return { busy: slots.filter((s) => s.job).length, queued: queue.length, workers: slots.length };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(failed());
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
