import { z } from 'zod';

// The audit log of a restaurant (issue 19 part 3; decision 051): every change its team or
// operations made, with who, when, what, and the entity before and after. Owners and operations
// read it.

export const auditActorRoles = ['owner', 'manager', 'staff', 'operations', 'system'] as const;

export const partnerAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({
    user_id: z.number().int().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    role: z.enum(auditActorRoles),
  }),
  /** dish, option, category, preset, photo, hours, closure, pause, capacity, settings, team, ... */
  entity: z.string(),
  entity_id: z.string(),
  /** create, update, delete, unavailable, available, upload, ... */
  action: z.string(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type PartnerAuditEntry = z.infer<typeof partnerAuditEntrySchema>;

/** GET api/v2/partner/restaurants/{chefId}/audit?before=&limit= (newest first) */
export const partnerAuditQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type PartnerAuditQuery = z.input<typeof partnerAuditQuerySchema>;

export const partnerAuditResponseSchema = z.object({
  entries: z.array(partnerAuditEntrySchema),
  /** the `before` of the next page, or null at the first change */
  next_before: z.number().int().nullable(),
});
export type PartnerAuditResponse = z.infer<typeof partnerAuditResponseSchema>;
