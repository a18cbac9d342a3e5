import type { GroupOrderStatus } from '@caterway/domain';
import type { Queryable } from '../../db/pool.js';
import type { GroupOrderRow, GroupOrderView } from './group-orders.types.js';

// moved below the repository (.dependency-cruiser.cjs); still importable from here within the module
export type { GroupOrderRow, GroupOrderView } from './group-orders.types.js';

/**
 * A member chooses one individually packaged meal: a single portion (not a tray or platter,
 * menu_type 'other') and not a drink. The catering per-item minimum (min_order_amount, "at least
 * 4 sandwiches") does not apply: each member's meal is packed on its own, and the cut-off prices
 * the combined order line by line (group-cutoff.ts), without the checkout's cart rules.
 */
export const INDIVIDUAL_MEAL_SQL = `NOT is_deleted AND menu_type = 'single' AND category_name <> 'Drinks'`;

// The only SQL on group_orders, group_order_members and group_order_choices (migrations 005, 012).

export interface MemberRow {
  id: number;
  group_order_uuid: string;
  name: string;
  email: string;
  dietary_needs: string;
  joined_at: Date;
  menu_id: number | null;
  menu_name: string | null;
  price_cents: number | null;
  chosen_at: Date | null;
  /** the chosen meal's 86 (decision 053): null, 'infinity' or an ISO instant */
  menu_unavailable_until: string | null;
}

const VIEW = `
  SELECT g.*, COALESCE(p.name, '') AS preset_name, COALESCE(c.business_name, '') AS chef_name,
         trim(u.first_name || ' ' || u.last_name) AS creator_name, u.email AS creator_email,
         (SELECT count(*)::int FROM group_order_members m WHERE m.group_order_uuid = g.uuid) AS joined_count,
         (SELECT count(*)::int FROM group_order_choices ch WHERE ch.group_order_uuid = g.uuid) AS chosen_count,
         co.status AS catering_status, co.processing AS catering_processing, co.order_number,
         co.payment_status AS catering_payment_status, co.payment_error AS catering_payment_error,
         co.subtotal_cents AS catering_subtotal_cents, co.delivery_fee_cents AS catering_delivery_fee_cents,
         co.tax_cents AS catering_tax_cents, co.tax_name AS catering_tax_name, co.tax_rate AS catering_tax_rate, co.total_cents AS catering_total_cents, co.order_processing_at AS catering_processing_at
    FROM group_orders g
    JOIN users u ON u.id = g.creator_id
    LEFT JOIN presets p ON p.id = g.preset_id
    LEFT JOIN chefs c ON c.id = g.chef_id
    LEFT JOIN catering_orders co ON co.id = g.catering_order_id`;

const MEMBER = `
  SELECT m.id, m.group_order_uuid, m.name, m.email, m.dietary_needs, m.joined_at,
         ch.menu_id, mn.name AS menu_name, ch.price_cents, ch.chosen_at,
         to_json(mn.unavailable_until) #>> '{}' AS menu_unavailable_until
    FROM group_order_members m
    LEFT JOIN group_order_choices ch ON ch.member_id = m.id
    LEFT JOIN menus mn ON mn.id = ch.menu_id`;

export interface BudgetChangeRow {
  id: number;
  changed_by: number | null;
  changed_by_role: 'creator' | 'staff';
  changed_by_email: string | null;
  changed_by_name: string | null;
  old_budget_cents: number;
  new_budget_cents: number;
  changed_at: Date;
}

export interface GroupDetailsInput {
  name: string;
  headCount: number;
  budgetCents: number;
  gapDays: number;
  cutoffTime: number;
  deliveryDate: string | null;
  deliveryTime: number;
  deliveryAt: Date | null;
  cutoffAt: Date | null;
  timeZone: string;
  deliveryAddress: string;
  deliverySuiteAddress: string;
  latitude: number | null;
  longitude: number | null;
  contactPerson: string;
  phone: string;
  instruction: string;
  companyName: string;
  poNumber: string;
  costCentre: string;
}

export function createGroupOrdersRepository(db: Queryable) {
  return {
    async insert(
      input: {
        creatorId: number;
        presetId: number;
        chefId: number;
        deliveryParams: object;
        shareToken: string;
        details: GroupDetailsInput;
        now: Date;
      },
      tx: Queryable = db,
    ): Promise<string> {
      const d = input.details;
      const { rows } = await tx.query<{ uuid: string }>(
        `INSERT INTO group_orders (creator_id, preset_id, chef_id, delivery_params, created_at, updated_at, share_token,
           name, head_count, budget_cents, gap_days, cutoff_time, delivery_date, delivery_time, delivery_at, cutoff_at, time_zone,
           delivery_address, delivery_suite_address, latitude, longitude, delivery_contact_person, delivery_phone_number,
           delivery_instruction, company_name, po_number, cost_centre)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)
         RETURNING uuid`,
        [
          input.creatorId,
          input.presetId,
          input.chefId,
          JSON.stringify(input.deliveryParams),
          input.now,
          input.shareToken,
          d.name,
          d.headCount,
          d.budgetCents,
          d.gapDays,
          d.cutoffTime,
          d.deliveryDate,
          d.deliveryTime,
          d.deliveryAt,
          d.cutoffAt,
          d.timeZone,
          d.deliveryAddress,
          d.deliverySuiteAddress,
          d.latitude,
          d.longitude,
          d.contactPerson,
          d.phone,
          d.instruction,
          d.companyName,
          d.poNumber,
          d.costCentre,
        ],
      );
      return rows[0]!.uuid;
    },

    /** By uuid or numeric id (the My Orders entry's id). */
    async findByRef(ref: string, tx: Queryable = db): Promise<GroupOrderView | undefined> {
      const byId = /^\d+$/.test(ref);
      const { rows } = await tx.query<GroupOrderView>(
        `${VIEW} WHERE ${byId ? 'g.id = $1::bigint' : 'g.uuid = $1::uuid'}`,
        [ref],
      );
      return rows[0];
    },

    /** The group order whose combined order this catering order is, if any (the restaurant's labels). */
    async findByCateringOrder(orderId: number, tx: Queryable = db): Promise<GroupOrderView | undefined> {
      const { rows } = await tx.query<GroupOrderView>(`${VIEW} WHERE g.catering_order_id = $1`, [orderId]);
      return rows[0];
    },

    async findByShareToken(token: string, tx: Queryable = db): Promise<GroupOrderView | undefined> {
      const { rows } = await tx.query<GroupOrderView>(`${VIEW} WHERE g.share_token = $1`, [token]);
      return rows[0];
    },

    async findByCreator(creatorId: number, tx: Queryable = db): Promise<GroupOrderView[]> {
      const { rows } = await tx.query<GroupOrderView>(
        `${VIEW} WHERE g.creator_id = $1 ORDER BY g.created_at DESC, g.id DESC`,
        [creatorId],
      );
      return rows;
    },

    /** Locks the group order row (the cut-off, joins and choices serialise on it). */
    async lock(uuid: string, tx: Queryable, mode: 'update' | 'share' = 'update'): Promise<GroupOrderRow | undefined> {
      const { rows } = await tx.query<GroupOrderRow>(
        `SELECT * FROM group_orders WHERE uuid = $1 FOR ${mode === 'update' ? 'UPDATE' : 'SHARE'}`,
        [uuid],
      );
      return rows[0];
    },

    async saveDetails(
      uuid: string,
      input: { details: GroupDetailsInput; status: GroupOrderStatus; openedAt: Date | null; now: Date },
      tx: Queryable,
    ): Promise<void> {
      const d = input.details;
      await tx.query(
        `UPDATE group_orders SET name = $2, head_count = $3, budget_cents = $4, gap_days = $5, cutoff_time = $6, delivery_date = $7,
           delivery_time = $8, delivery_at = $9, cutoff_at = $10, time_zone = $11, delivery_address = $12, delivery_suite_address = $13,
           latitude = $14, longitude = $15, delivery_contact_person = $16, delivery_phone_number = $17, delivery_instruction = $18,
           company_name = $19, status = $20, opened_at = COALESCE(opened_at, $21), updated_at = $22, po_number = $23, cost_centre = $24
         WHERE uuid = $1`,
        [
          uuid,
          d.name,
          d.headCount,
          d.budgetCents,
          d.gapDays,
          d.cutoffTime,
          d.deliveryDate,
          d.deliveryTime,
          d.deliveryAt,
          d.cutoffAt,
          d.timeZone,
          d.deliveryAddress,
          d.deliverySuiteAddress,
          d.latitude,
          d.longitude,
          d.contactPerson,
          d.phone,
          d.instruction,
          d.companyName,
          input.status,
          input.openedAt,
          input.now,
          d.poNumber,
          d.costCentre,
        ],
      );
    },

    async setStatus(
      uuid: string,
      input: { status: GroupOrderStatus; now: Date; closed?: boolean; canceled?: boolean; cateringOrderId?: number },
      tx: Queryable,
    ): Promise<void> {
      await tx.query(
        `UPDATE group_orders SET status = $2, updated_at = $3,
           closed_at = CASE WHEN $4 THEN $3 ELSE closed_at END,
           canceled_at = CASE WHEN $5 THEN $3 ELSE canceled_at END,
           catering_order_id = COALESCE($6, catering_order_id)
         WHERE uuid = $1`,
        [uuid, input.status, input.now, input.closed ?? false, input.canceled ?? false, input.cateringOrderId ?? null],
      );
    },

    // ------------------------------------------------------------ members and choices

    async members(uuid: string, tx: Queryable = db): Promise<MemberRow[]> {
      const { rows } = await tx.query<MemberRow>(`${MEMBER} WHERE m.group_order_uuid = $1 ORDER BY m.id`, [uuid]);
      return rows;
    },

    async membersOf(uuids: readonly string[], tx: Queryable = db): Promise<MemberRow[]> {
      if (!uuids.length) return [];
      const { rows } = await tx.query<MemberRow>(`${MEMBER} WHERE m.group_order_uuid = ANY($1::uuid[]) ORDER BY m.id`, [
        uuids,
      ]);
      return rows;
    },

    /** The member of a token: the one of joining or a further one emailed later (group_order_member_tokens). */
    async memberByToken(uuid: string, tokenHash: string, tx: Queryable = db): Promise<MemberRow | undefined> {
      const { rows } = await tx.query<MemberRow>(
        `${MEMBER} WHERE m.group_order_uuid = $1
           AND (m.token_hash = $2 OR m.id = (SELECT t.member_id FROM group_order_member_tokens t WHERE t.token_hash = $2))`,
        [uuid, tokenHash],
      );
      return rows[0];
    },

    /** A further link for a member; the links they have keep working. */
    async addMemberToken(memberId: number, tokenHash: string, now: Date, tx: Queryable): Promise<void> {
      await tx.query('INSERT INTO group_order_member_tokens (token_hash, member_id, created_at) VALUES ($1, $2, $3)', [
        tokenHash,
        memberId,
        now,
      ]);
    },

    /**
     * Claims one of the emails the public join endpoint may send (docs/decisions/029): at most
     * `perGroupPerHour` for the group order and `perAddressPerDay` to the address, counted in
     * group_order_emails. Call with the group order locked; the address is locked here, so two
     * group orders cannot both claim its last one. Answers whether the email may go.
     */
    async claimJoinEmail(
      input: {
        uuid: string;
        to: string;
        template: string;
        now: Date;
        perGroupPerHour: number;
        perAddressPerDay: number;
      },
      tx: Queryable,
    ): Promise<boolean> {
      const address = input.to.trim().toLowerCase();
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`group-email:${address}`]);
      const { rows } = await tx.query<{ group_hour: number; address_day: number }>(
        `SELECT count(*) FILTER (WHERE group_order_uuid = $1 AND sent_at > $3::timestamptz - interval '1 hour')::int AS group_hour,
                count(*) FILTER (WHERE lower(to_address) = $2 AND sent_at > $3::timestamptz - interval '1 day')::int AS address_day
           FROM group_order_emails
          WHERE (group_order_uuid = $1 OR lower(to_address) = $2) AND sent_at > $3::timestamptz - interval '1 day'`,
        [input.uuid, address, input.now],
      );
      const counts = rows[0]!;
      if (counts.group_hour >= input.perGroupPerHour || counts.address_day >= input.perAddressPerDay) return false;
      await tx.query(
        'INSERT INTO group_order_emails (group_order_uuid, to_address, template, sent_at) VALUES ($1, $2, $3, $4)',
        [input.uuid, address, input.template, input.now],
      );
      return true;
    },

    /** Records a change of the budget (who, when, old, new). */
    async recordBudgetChange(
      input: { uuid: string; userId: number; role: 'creator' | 'staff'; oldCents: number; newCents: number; now: Date },
      tx: Queryable,
    ): Promise<void> {
      await tx.query(
        `INSERT INTO group_order_budget_changes (group_order_uuid, changed_by, changed_by_role, old_budget_cents, new_budget_cents, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [input.uuid, input.userId, input.role, input.oldCents, input.newCents, input.now],
      );
    },

    async budgetChanges(uuid: string, tx: Queryable = db): Promise<BudgetChangeRow[]> {
      const { rows } = await tx.query<BudgetChangeRow>(
        `SELECT c.id, c.changed_by, c.changed_by_role, u.email AS changed_by_email, trim(u.first_name || ' ' || u.last_name) AS changed_by_name,
                c.old_budget_cents, c.new_budget_cents, c.changed_at
           FROM group_order_budget_changes c LEFT JOIN users u ON u.id = c.changed_by
          WHERE c.group_order_uuid = $1 ORDER BY c.changed_at, c.id`,
        [uuid],
      );
      return rows;
    },

    async memberByEmail(uuid: string, email: string, tx: Queryable = db): Promise<MemberRow | undefined> {
      const { rows } = await tx.query<MemberRow>(`${MEMBER} WHERE m.group_order_uuid = $1 AND m.email = $2`, [
        uuid,
        email,
      ]);
      return rows[0];
    },

    async insertMember(
      input: { uuid: string; tokenHash: string; name: string; email: string; dietaryNeeds: string; now: Date },
      tx: Queryable,
    ): Promise<number> {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO group_order_members (group_order_uuid, token_hash, name, email, dietary_needs, joined_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [input.uuid, input.tokenHash, input.name, input.email, input.dietaryNeeds, input.now],
      );
      return rows[0]!.id;
    },

    async countMembers(uuid: string, tx: Queryable): Promise<number> {
      const { rows } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM group_order_members WHERE group_order_uuid = $1',
        [uuid],
      );
      return rows[0]!.n;
    },

    async upsertChoice(
      input: { memberId: number; uuid: string; menuId: number; priceCents: number; now: Date },
      tx: Queryable,
    ): Promise<void> {
      await tx.query(
        `INSERT INTO group_order_choices (member_id, group_order_uuid, menu_id, price_cents, chosen_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (member_id) DO UPDATE SET menu_id = EXCLUDED.menu_id, price_cents = EXCLUDED.price_cents, chosen_at = EXCLUDED.chosen_at`,
        [input.memberId, input.uuid, input.menuId, input.priceCents, input.now],
      );
    },

    async deleteChoice(memberId: number, tx: Queryable): Promise<void> {
      await tx.query('DELETE FROM group_order_choices WHERE member_id = $1', [memberId]);
    },

    /** How many members chose a meal dearer than a budget (a budget cut must not strand them). */
    async countChoicesAbove(uuid: string, budgetCents: number, tx: Queryable): Promise<number> {
      const { rows } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM group_order_choices WHERE group_order_uuid = $1 AND price_cents > $2',
        [uuid, budgetCents],
      );
      return rows[0]!.n;
    },

    // ------------------------------------------------------------ creator and catalogue reads

    async findCreator(userId: number, tx: Queryable = db) {
      const { rows } = await tx.query<{
        id: number;
        email: string;
        first_name: string;
        last_name: string;
        phone: string;
        company_name: string;
        go_name: string;
        go_head_count: number;
        go_budget_cents: number;
        go_gap_days: number;
        go_cutoff_seconds: number;
        go_delivery_seconds: number;
      }>(
        `SELECT id, email, first_name, last_name, phone, company_name, go_name, go_head_count, go_budget_cents, go_gap_days,
                EXTRACT(EPOCH FROM go_cutoff_time)::int AS go_cutoff_seconds, EXTRACT(EPOCH FROM go_delivery_time)::int AS go_delivery_seconds
           FROM users WHERE id = $1`,
        [userId],
      );
      return rows[0];
    },

    /** The chef's meals a member may pick: live menus orderable one at a time. */
    /** What a member may choose (the list shown and the choice checked): INDIVIDUAL_MEAL_SQL. */
    async mealsOfChef(chefId: number, tx: Queryable = db) {
      const { rows } = await tx.query<{
        id: number;
        name: string;
        description: string;
        category_name: string;
        price_cents: number;
        dietary_types: string[];
        main_image_url: string;
        /** an 86 (decision 053): null, 'infinity' or an ISO instant */
        unavailable_until: string | null;
        lead_time_hours: number | null;
      }>(
        `SELECT id, name, description, category_name, price_cents, dietary_types, main_image_url, lead_time_hours,
                to_json(unavailable_until) #>> '{}' AS unavailable_until
           FROM menus WHERE chef_id = $1 AND ${INDIVIDUAL_MEAL_SQL} ORDER BY position, id`,
        [chefId],
      );
      return rows;
    },

    async groupUuidOfCateringOrder(orderId: number, tx: Queryable = db): Promise<string | null> {
      const { rows } = await tx.query<{ group_order_uuid: string | null }>(
        'SELECT group_order_uuid FROM catering_orders WHERE id = $1',
        [orderId],
      );
      return rows[0]?.group_order_uuid ?? null;
    },
  };
}
export type GroupOrdersRepository = ReturnType<typeof createGroupOrdersRepository>;
