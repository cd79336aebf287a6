import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_BATCH_ROWS } from '../../../config/constants.ts';
import { importApi } from './import-api.ts';
import { addAnswer, emptyTally, type ImportPlan, type ImportTally } from '../import-plan.ts';

export class ImportStopped extends Error {
  constructor(
    message: string,
    readonly tally: ImportTally,
  ) {
    super(message);
  }
}

/**
 * Imports the plan's ready rows in calls of IMPORT_BATCH_ROWS, reporting the counts after each; a
 * failed call stops the import (ImportStopped carries what the calls before it did). Posts change,
 * so every ['posts'] query reloads.
 */
export function useImportPosts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { plan: ImportPlan; onProgress(tally: ImportTally): void }) => {
      let tally = emptyTally(input.plan);
      input.onProgress(tally);
      for (let start = 0; start < input.plan.ready.length; start += IMPORT_BATCH_ROWS) {
        const batch = input.plan.ready.slice(start, start + IMPORT_BATCH_ROWS);
        try {
          tally = addAnswer(tally, batch, await importApi.importRows(batch.map((b) => b.value)));
        } catch (error) {
          throw new ImportStopped((error as Error).message, tally);
        }
        input.onProgress(tally);
      }
      return tally;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['posts'] }),
  });
}
