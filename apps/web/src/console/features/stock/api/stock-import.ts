import type { ConsoleImportValue } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPostEnvelope } from '../../../../lib/api-client';
import { stockKey } from './stock-items';

export type ImportOutcome =
  | { imported: true; value: ConsoleImportValue }
  | { imported: false; message: string; value: ConsoleImportValue | null };

/**
 * POST /c3api/console/stores/:storeId/import `{ Csv }`. A file with bad rows is refused whole: the
 * reply is unsuccessful but carries every row's error, so the envelope is read either way.
 */
export async function importStockCsv(storeId: number, csv: string): Promise<ImportOutcome> {
  const reply = await apiPostEnvelope<ConsoleImportValue>(`/c3api/console/stores/${storeId}/import`, { Csv: csv });
  if (reply.WasSuccessful && reply.Value) return { imported: true, value: reply.Value };
  if (!reply.Value?.Errors?.length && !reply.Message) throw new ApiError('The import failed. Please try again.');
  return { imported: false, message: reply.Message ?? 'Nothing was imported.', value: reply.Value ?? null };
}

export function useStockImport(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importStockCsv(storeId, csv),
    onSuccess: (outcome) => {
      if (outcome.imported) void queryClient.invalidateQueries({ queryKey: stockKey(storeId, 'list') });
    },
  });
}
