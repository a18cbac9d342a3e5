// The benchmark's report: one JSON file with every figure and a markdown summary.
import fs from 'node:fs';
import path from 'node:path';
import type { LatencySummary } from './stats.js';

export interface ScenarioRow extends LatencySummary {
  target: string;
  scenario: string;
  concurrency: string;
  /** throughput / the hello route's under the same load */
  throughput_x_hello: number;
  /** p99 / the hello route's p99 under the same load */
  p99_x_hello: number;
  event_loop_p99_ms: number;
  statuses: Record<string, number>;
  load_average_1m: number;
  goal: string;
  /** 'ok', 'MISSED', or 'ERRORS' (unexpected answers); smoke runs judge errors only */
  verdict: 'ok' | 'MISSED' | 'ERRORS' | 'measured';
  notes: string[];
}

export interface TargetReport {
  target: string;
  database: string;
  postgres: string;
  data: Record<string, number>;
  setup: Record<string, unknown>;
  rows: ScenarioRow[];
  explain: { statements: number; seq_scans: { endpoint: string; tables: string[]; sql: string }[] };
}

export function markdown(result: {
  date: string;
  mode: string;
  passed: boolean;
  machine: Record<string, unknown>;
  targets: TargetReport[];
}): string {
  const lines = [
    `# Caterway benchmark (${result.date}, ${result.mode})`,
    '',
    `${result.passed ? 'PASSED' : 'FAILED'}. Machine: ${JSON.stringify(result.machine)}. The server, PostgreSQL and the load generator (a worker thread) share the cores; the load average (1 min) is given per row (2 cores: above 2, programs waited for the CPU and latencies grow with it). Every figure is also given as a ratio to a bare Fastify hello route under the same load, measured first.`,
    '',
  ];
  for (const t of result.targets) {
    lines.push(
      `## ${t.target}: ${t.database}`,
      '',
      `PostgreSQL ${t.postgres}. Data: ${Object.entries(t.data)
        .map(([k, v]) => `${v.toLocaleString('en-US')} ${k.replace(/_/g, ' ')}`)
        .join(', ')}.`,
      `Setup: ${Object.entries(t.setup)
        .map(([k, v]) => `${k.replace(/_/g, ' ')} ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join('; ')}.`,
      '',
      '| scenario | clients | requests | p50 ms | p95 ms | p99 ms | req/s | x hello req/s | p99 x hello | loop p99 ms | answers | load | goal | verdict |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---|',
      ...t.rows.map(
        (r) =>
          `| ${r.scenario} | ${r.concurrency} | ${r.requests} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.req_per_s} | ${r.throughput_x_hello.toFixed(2)} | ${r.p99_x_hello.toFixed(1)} | ${r.event_loop_p99_ms} | ${Object.entries(
            r.statuses,
          )
            .map(([s, n]) => `${s}: ${n}`)
            .join(', ')} | ${r.load_average_1m} | ${r.goal} | ${r.verdict} |`,
      ),
      '',
      `EXPLAIN (ANALYZE) of the search endpoints: ${t.explain.statements} statements, ${t.explain.seq_scans.length} with a sequential scan of a large table${t.explain.seq_scans.length ? `: ${t.explain.seq_scans.map((s) => `${s.endpoint} (${s.tables.join(', ')})`).join('; ')}` : ''}.`,
      '',
    );
    const notes = t.rows.flatMap((r) => r.notes.map((n) => `- ${r.scenario}: ${n}`));
    if (notes.length) lines.push('Notes:', '', ...notes, '');
  }
  return lines.join('\n');
}

export function writeReport(
  dir: string,
  stem: string,
  result: Parameters<typeof markdown>[0] & Record<string, unknown>,
): { json: string; md: string; text: string } {
  fs.mkdirSync(dir, { recursive: true });
  const json = path.join(dir, `${stem}-${result.date.slice(0, 10)}.json`);
  const md = path.join(dir, `${stem}-latest.md`);
  const text = markdown(result);
  fs.writeFileSync(json, `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(md, text);
  return { json, md, text };
}
