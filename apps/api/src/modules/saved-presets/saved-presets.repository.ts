import type { Queryable } from '../../db/pool.js';

// The only SQL that writes presets of type save_for_later (a customer's saved cart, migration 001).

export interface SavedPresetInput {
  slug: string;
  name: string;
  description: string;
  basePresetId: number;
  ownerId: number;
  pricePerPersonCents: number;
  now: Date;
  lines: {
    chefId: number;
    menuId: number;
    quantity: number;
    specialInstruction: string;
    menuItemsMapping: Record<string, number>;
  }[];
}

export function createSavedPresetsRepository(db: Queryable) {
  return {
    /** Copies the base preset's look, chefs and tags; the cart lines become the preset items. */
    async insert(
      input: SavedPresetInput,
      tx: Queryable = db,
    ): Promise<{ id: number; slug: string; share_token: string; created_at: Date }> {
      const { rows } = await tx.query<{ id: number; slug: string; share_token: string; created_at: Date }>(
        `INSERT INTO presets (slug, name, description, preset_type, base_preset_id, owner_user_id, banner_image_url,
           search_result_image_url, number_of_guests, price_per_person_cents, minimum_order_amount_cents, average_rating,
           serving_styles, category_names, cuisine_types, dietary_types, created_at)
         SELECT $1, $2, $3, 'save_for_later', b.id, $5, b.banner_image_url, b.search_result_image_url, b.number_of_guests, $6,
                b.minimum_order_amount_cents, b.average_rating, b.serving_styles, '{}', b.cuisine_types, b.dietary_types, $7
           FROM presets b WHERE b.id = $4
         RETURNING id, slug, share_token, created_at`,
        [
          input.slug,
          input.name,
          input.description,
          input.basePresetId,
          input.ownerId,
          input.pricePerPersonCents,
          input.now,
        ],
      );
      const preset = rows[0]!;
      await tx.query(
        `INSERT INTO preset_chefs (preset_id, chef_id, position) SELECT $1, chef_id, position FROM preset_chefs WHERE preset_id = $2`,
        [preset.id, input.basePresetId],
      );
      await tx.query(
        `INSERT INTO preset_tags (preset_id, tag_id) SELECT $1, tag_id FROM preset_tags WHERE preset_id = $2`,
        [preset.id, input.basePresetId],
      );
      await tx.query(
        // each line keeps its dish's price as the catalogue has it now (decision 060)
        `INSERT INTO preset_items (preset_id, chef_id, menu_id, quantity, special_instruction, menu_items_mapping, position, saved_unit_price_cents)
         SELECT $1, r.chef_id, r.menu_id, r.quantity, r.special_instruction, r.menu_items_mapping, r.position, m.price_cents
           FROM json_to_recordset($2::json) AS r(chef_id bigint, menu_id bigint, quantity int, special_instruction text, menu_items_mapping jsonb, position int)
           JOIN menus m ON m.id = r.menu_id`,
        [
          preset.id,
          JSON.stringify(
            input.lines.map((l, position) => ({
              chef_id: l.chefId,
              menu_id: l.menuId,
              quantity: l.quantity,
              special_instruction: l.specialInstruction,
              menu_items_mapping: l.menuItemsMapping,
              position,
            })),
          ),
        ],
      );
      return preset;
    },

    async findOwned(
      id: number,
      tx: Queryable = db,
    ): Promise<{ id: number; owner_user_id: number | null; preset_type: string } | undefined> {
      const { rows } = await tx.query<{ id: number; owner_user_id: number | null; preset_type: string }>(
        'SELECT id, owner_user_id, preset_type FROM presets WHERE id = $1',
        [id],
      );
      return rows[0];
    },

    async delete(id: number, tx: Queryable = db): Promise<void> {
      await tx.query(`DELETE FROM presets WHERE id = $1 AND preset_type = 'save_for_later'`, [id]);
    },

    async findUserContact(
      userId: number,
      tx: Queryable = db,
    ): Promise<{ email: string; first_name: string } | undefined> {
      const { rows } = await tx.query<{ email: string; first_name: string }>(
        'SELECT email, first_name FROM users WHERE id = $1',
        [userId],
      );
      return rows[0];
    },
  };
}
export type SavedPresetsRepository = ReturnType<typeof createSavedPresetsRepository>;
