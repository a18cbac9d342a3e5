import { solveAltcha, type AltchaChallenge, type AltchaSolution } from './solver';

/**
 * Solves in a Web Worker when the browser has them, else on the main thread (the solver
 * yields between batches). Rejects on failure; resolves null when aborted.
 */
export function solveInBackground(challenge: AltchaChallenge, signal?: AbortSignal): Promise<AltchaSolution | null> {
  if (typeof Worker === 'undefined') return solveAltcha(challenge, { signal });
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      resolve(null);
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<{ solution?: AltchaSolution; error?: string }>) => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      if (event.data.solution) resolve(event.data.solution);
      else reject(new Error(event.data.error ?? 'Solver failed'));
    };
    worker.onerror = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      // A worker that cannot start (CSP, old browser): do the work here instead.
      solveAltcha(challenge, { signal }).then(resolve, reject);
    };
    worker.postMessage({ challenge });
  });
}
