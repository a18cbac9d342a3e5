import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerCommissionBody, PartnerStatementQuery } from '@caterway/contracts';
import { partnerStatementKeys, partnerStatementsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { saveFile } from '../../../lib/save-file';

// A restaurant's statements and commission (issue 19 part 5; docs/decisions/057): owners,
// managers and operations. Answers are camelCased by connect().

const statements = connect(partnerStatementsClient);

export type StatementPeriodKind = 'week' | 'month';
export type Statement = Awaited<ReturnType<typeof statements.statement>>;
export type StatementLine = Statement['lines'][number];
export type Commission = Awaited<ReturnType<typeof statements.commission>>;

export const useStatement = (chefId: number, query: PartnerStatementQuery, enabled: boolean) =>
  useQuery({
    queryKey: partnerStatementKeys.statement(chefId, query),
    queryFn: ({ signal }) => statements.statement(chefId, query, { signal }),
    enabled,
    // the previous period stays on screen while the next one loads
    placeholderData: (previous) => previous,
    meta: { handlesErrors: true },
  });

/** The file's name as the server gives it: caterway-statement-{chefId}-{period}-{start}.{csv|pdf}. */
export const statementFileName = (chefId: number, period: StatementPeriodKind, start: string, ext: 'csv' | 'pdf') =>
  `caterway-statement-${chefId}-${period}-${start}.${ext}`;

/** Downloads the statement as CSV or PDF (a plain link cannot carry the bearer token). */
export function useStatementDownload(chefId: number) {
  return useMutation({
    mutationFn: async ({
      format,
      period,
      start,
    }: {
      format: 'csv' | 'pdf';
      period: StatementPeriodKind;
      start: string;
    }) => {
      const query = { period, start };
      const file = format === 'csv' ? await statements.csv(chefId, query) : await statements.pdf(chefId, query);
      saveFile(file, statementFileName(chefId, period, start, format));
    },
    meta: { handlesErrors: true },
  });
}

export const useCommission = (chefId: number, enabled: boolean) =>
  useQuery({
    queryKey: partnerStatementKeys.commission(chefId),
    queryFn: ({ signal }) => statements.commission(chefId, { signal }),
    enabled,
    meta: { handlesErrors: true },
  });

/** Operations set the rate from a day on; the statements are read again (today's rate may change). */
export function useSetCommission(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerCommissionBody) => statements.setCommission(chefId, body),
    meta: { handlesErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(partnerStatementKeys.commission(chefId), saved);
      void queryClient.invalidateQueries({ queryKey: partnerStatementKeys.statements(chefId) });
    },
  });
}
