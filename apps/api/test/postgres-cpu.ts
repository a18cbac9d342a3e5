import fs from 'node:fs';

/**
 * CPU time (ms) used so far by the PostgreSQL backends serving db's database, from
 * /proc/<pid>/schedstat (nanoseconds). Undefined when the server is not on this Linux machine.
 * Read before and after a run: what PostgreSQL spent on it, which grows much less with a busy
 * machine than latency does. Used by the finalize-cost test and the benchmarks.
 */
export async function postgresCpuMs(db: {
  query<R>(text: string): Promise<{ rows: R[] }>;
}): Promise<number | undefined> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  let total = 0;
  for (const { pid } of rows) {
    try {
      total += Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      return undefined; // a remote server, or no schedstat
    }
  }
  return total;
}
