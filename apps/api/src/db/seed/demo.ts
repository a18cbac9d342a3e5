import type { Db } from '../pool.js';

// Replaced by the deterministic demo-catalogue generator.
export async function ensureDemoData(_db: Db, _log: unknown): Promise<{ loaded: boolean; summary: Record<string, number> }> {
  return { loaded: false, summary: {} };
}
