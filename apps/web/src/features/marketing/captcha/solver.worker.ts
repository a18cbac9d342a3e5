/// <reference lib="webworker" />
import { solveAltcha, type AltchaChallenge } from './solver';

// Runs the proof of work off the main thread (the form stays responsive on slow phones).
declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<{ challenge: AltchaChallenge }>) => {
  try {
    const solution = await solveAltcha(event.data.challenge);
    self.postMessage(solution ? { solution } : { error: 'No solution found' });
  } catch (err) {
    self.postMessage({ error: err instanceof Error ? err.message : 'Solver failed' });
  }
};
