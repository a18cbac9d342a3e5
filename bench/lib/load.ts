// Bounded HTTP load on loopback from a worker thread (load-worker.mjs): closed loop (N clients,
// each sends when its last request answered) or open loop (a fixed rate). Every run stops at
// its request count or its time limit, whichever comes first.
import { Worker } from 'node:worker_threads';

export interface RequestSpec {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface LoadOptions {
  port: number;
  requests: RequestSpec[];
  /** clients (closed loop), or the most requests in flight (open loop) */
  concurrency: number;
  /** closed loop: each client pauses this long after each answer (default 0: back to back) */
  thinkMs?: number;
  /** open loop: start this many requests a second */
  ratePerSecond?: number;
  /** time limit of the run (default 120 s) */
  maxSeconds?: number;
  /** keep each response body (to read ids back); otherwise only 5xx bodies are kept, as samples */
  collect?: boolean;
}

export interface LoadResult {
  /** latency of each answered request, in the order they answered */
  latencies: number[];
  /** per request: the HTTP status, 0 for a network error, -1 when not sent (time limit) */
  statuses: number[];
  bodies?: (string | null)[];
  seconds: number;
  sent: number;
  /** up to 20 samples of 5xx answers and network errors */
  errors: string[];
}

const workerUrl = new URL('./load-worker.mjs', import.meta.url);

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { port, requests, concurrency, ratePerSecond, maxSeconds = 120, collect = false, thinkMs = 0 } = options;
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: { port, requests, concurrency, ratePerSecond, maxSeconds, collect, thinkMs },
    });
    worker.once('message', (m: LoadResult & { error?: string }) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

/** Counts answers by status: { '200': 950, '402': 50 }. */
export function statusCounts(statuses: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of statuses) if (s !== -1) out[String(s)] = (out[String(s)] ?? 0) + 1;
  return out;
}
