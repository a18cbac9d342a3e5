import type {
  PartnerCommission,
  PartnerCommissionBody,
  PartnerStatement,
  PartnerStatementQuery,
} from '../partner-statements.js';
import type { CallOptions, Transport } from './transport.js';

// A restaurant's statements and its commission rate (issue 19 part 5, docs/decisions/057):
// owners, managers and operations; another restaurant answers 404, the restaurant's staff 403.

const restaurant = (chefId: number) => `/api/v2/partner/restaurants/${chefId}`;

/** Query keys, under the portal's ['partner', 'restaurant', chefId]. */
export const partnerStatementKeys = {
  statements: (chefId: number) => ['partner', 'restaurant', chefId, 'statements'] as const,
  statement: (chefId: number, query: PartnerStatementQuery) =>
    [...partnerStatementKeys.statements(chefId), query] as const,
  commission: (chefId: number) => ['partner', 'restaurant', chefId, 'commission'] as const,
};

export function partnerStatementsClient(send: Transport) {
  return {
    /** GET .../statements?period=week|month&start=yyyy-MM-dd */
    statement: (chefId: number, query: PartnerStatementQuery, o?: CallOptions) =>
      send<PartnerStatement>('GET', `${restaurant(chefId)}/statements`, { ...o, query }),
    /** GET .../statements.csv: a file */
    csv: (chefId: number, query: PartnerStatementQuery, o?: CallOptions) =>
      send<Blob>('GET', `${restaurant(chefId)}/statements.csv`, { ...o, query, answer: 'blob' }),
    /** GET .../statements.pdf: a file */
    pdf: (chefId: number, query: PartnerStatementQuery, o?: CallOptions) =>
      send<Blob>('GET', `${restaurant(chefId)}/statements.pdf`, { ...o, query, answer: 'blob' }),
    /** GET .../commission: the rate in force and its history */
    commission: (chefId: number, o?: CallOptions) =>
      send<PartnerCommission>('GET', `${restaurant(chefId)}/commission`, o),
    /** PUT .../commission (operations): a rate from today or a later day; 422 with messages */
    setCommission: (chefId: number, body: PartnerCommissionBody, o?: CallOptions) =>
      send<PartnerCommission>('PUT', `${restaurant(chefId)}/commission`, { ...o, body }),
  };
}

export type PartnerStatementsClient = ReturnType<typeof partnerStatementsClient>;
