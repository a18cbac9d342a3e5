// Percentiles and the figures every scenario reports.
import os from 'node:os';

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const r2 = (n: number) => Math.round(n * 100) / 100;

export interface LatencySummary {
  requests: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  req_per_s: number;
}

/** p50/p95/p99/max of the answered requests and their rate over the run's wall time. */
export function summarise(latencies: number[], seconds: number): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50_ms: r2(percentile(sorted, 50)),
    p95_ms: r2(percentile(sorted, 95)),
    p99_ms: r2(percentile(sorted, 99)),
    max_ms: r2(sorted.at(-1) ?? 0),
    req_per_s: seconds > 0 ? Math.round(latencies.length / seconds) : 0,
  };
}

/** The machine's 1-minute load average (2 cores: above 2 means programs waited for the CPU). */
export const loadAverage = () => r2(os.loadavg()[0]!);

export { postgresCpuMs } from '../../apps/api/test/postgres-cpu.js';
