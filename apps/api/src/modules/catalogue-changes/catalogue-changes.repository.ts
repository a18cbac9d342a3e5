import { afterCommit, type Queryable } from '../../db/pool.js';
import { announcerOf } from '../../lib/announcers.js';

// Migration 041 (decision 051): the audit log of the restaurant side and the catalogue's version
// per restaurant. Both are written in the transaction of the change they record, so a change
// that rolls back leaves no trace and one that commits is always announced.

export const CATALOGUE_CHANNEL = 'catalogue_changed';

export type AuditActorRole = 'owner' | 'manager' | 'staff' | 'operations' | 'system';

export interface AuditEntry {
  chefId: number;
  actorUserId: number | null;
  actorRole: AuditActorRole;
  /** dish, option, category, preset, photo, hours, closure, pause, capacity, settings, team, ... */
  entity: string;
  entityId?: string | number;
  /** create, update, delete, unavailable, available, upload, ... */
  action: string;
  /** one line for people: "Price of Butter Chicken Tray: $89.00 → $94.00" */
  summary?: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditRow {
  id: number;
  at: Date;
  actor_user_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_role: AuditActorRole;
  entity: string;
  entity_id: string;
  action: string;
  summary: string;
  before: unknown;
  after: unknown;
}

export function createCatalogueChangesRepository(db: Queryable) {
  return {
    /** Records one change; call it inside the change's transaction (`tx`). */
    async audit(entry: AuditEntry, tx: Queryable = db): Promise<void> {
      await tx.query(
        `INSERT INTO audit_log (chef_id, actor_user_id, actor_role, entity, entity_id, action, summary, before, after)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
        [
          entry.chefId,
          entry.actorUserId,
          entry.actorRole,
          entry.entity,
          String(entry.entityId ?? ''),
          entry.action,
          entry.summary ?? '',
          entry.before === undefined ? null : JSON.stringify(entry.before),
          entry.after === undefined ? null : JSON.stringify(entry.after),
        ],
      );
    },

    /** A restaurant's audit log, newest first, a page of `limit` rows before the id `before`. */
    async auditLog(chefId: number, options: { before?: number; limit: number }): Promise<AuditRow[]> {
      const { rows } = await db.query<AuditRow>(
        `SELECT a.id::int AS id, a.at, a.actor_user_id::int AS actor_user_id,
                nullif(trim(u.first_name || ' ' || u.last_name), '') AS actor_name, u.email AS actor_email,
                a.actor_role, a.entity, a.entity_id, a.action, a.summary, a.before, a.after
           FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id
          WHERE a.chef_id = $1 AND ($2::bigint IS NULL OR a.id < $2)
          ORDER BY a.id DESC LIMIT $3`,
        [chefId, options.before ?? null, options.limit],
      );
      return rows;
    },

    /**
     * Bumps the restaurants' catalogue versions and announces them on `catalogue_changed` (one
     * notification per restaurant, delivered at commit to every instance). Call it inside the
     * transaction that changed their catalogue rows.
     */
    async catalogueChanged(chefIds: readonly number[], tx: Queryable = db): Promise<void> {
      const ids = [...new Set(chefIds)].sort((a, b) => a - b);
      if (ids.length === 0) return;
      await tx.query(
        `WITH bumped AS (
           INSERT INTO catalogue_versions AS v (chef_id) SELECT unnest($1::bigint[])
           ON CONFLICT (chef_id) DO UPDATE SET version = v.version + 1, changed_at = now()
           RETURNING chef_id)
         SELECT pg_notify('${CATALOGUE_CHANNEL}', chef_id::text) FROM bumped`,
        [ids],
      );
      // with REDIS_URL the instances hear it on Redis: published once the change is committed
      const announce = announcerOf(db);
      if (announce) afterCommit(tx, () => ids.forEach((id) => announce(CATALOGUE_CHANNEL, String(id))));
    },

    /**
     * What a change of these restaurants reaches: the presets they are in (preset_chefs, as now)
     * and their versions (the catalogue sync remembers them, so the periodic check does not
     * drop them again).
     */
    async reachOf(chefIds: readonly number[]): Promise<{ presetIds: number[]; versions: Map<number, number> }> {
      const { rows } = await db.query<{ preset_ids: string[]; versions: [number, string][] | null }>(
        `SELECT ARRAY(SELECT DISTINCT preset_id FROM preset_chefs WHERE chef_id = ANY($1::bigint[])) AS preset_ids,
                (SELECT json_agg(json_build_array(chef_id, version::text)) FROM catalogue_versions
                  WHERE chef_id = ANY($1::bigint[])) AS versions`,
        [chefIds],
      );
      const row = rows[0]!;
      return {
        presetIds: row.preset_ids.map(Number),
        versions: new Map((row.versions ?? []).map(([chef, version]) => [Number(chef), Number(version)])),
      };
    },

    /** Every restaurant's catalogue version (the periodic check compares them with its own). */
    async versions(): Promise<Map<number, number>> {
      const { rows } = await db.query<{ chef_id: number; version: string }>(
        'SELECT chef_id::int AS chef_id, version FROM catalogue_versions',
      );
      return new Map(rows.map((r) => [r.chef_id, Number(r.version)]));
    },
  };
}

export type CatalogueChangesRepository = ReturnType<typeof createCatalogueChangesRepository>;
