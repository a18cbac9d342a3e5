import type { Queryable } from '../../db/pool.js';

export interface NewDemoRequest {
  name: string;
  email: string;
  company: string;
  phone: string;
  numPeopleRange: string;
  orderFrequency: string;
  message: string;
  ip: string | null;
  userAgent: string;
}

export interface DemoRequestRow extends NewDemoRequest {
  id: number;
  emailedAt: Date | null;
  createdAt: Date;
}

/** demo_requests (migration 003). */
export function createDemoRequestsRepository(db: Queryable) {
  return {
    async insert(request: NewDemoRequest, tx: Queryable = db): Promise<{ id: number; createdAt: Date }> {
      const { rows } = await tx.query<{ id: string; created_at: Date }>(
        `INSERT INTO demo_requests (name, email, company, phone, num_people_range, order_frequency, message, ip, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, created_at`,
        [
          request.name,
          request.email,
          request.company,
          request.phone,
          request.numPeopleRange,
          request.orderFrequency,
          request.message,
          request.ip,
          request.userAgent,
        ],
      );
      return { id: Number(rows[0]!.id), createdAt: rows[0]!.created_at };
    },
    async markEmailed(id: number, at: Date, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE demo_requests SET emailed_at = $2 WHERE id = $1', [id, at]);
    },
  };
}
export type DemoRequestsRepository = ReturnType<typeof createDemoRequestsRepository>;
