import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { recordChecks, type CheckToRecord } from './link-check.repository.ts';

export interface CheckWriter {
  /** Resolves once the check is committed (true) or found no longer due (false). */
  record(check: CheckToRecord): Promise<boolean>;
}

interface Waiting {
  check: CheckToRecord;
  resolve: (written: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit of checks: while one statement of checks is being written, the checks that finish
 * meanwhile wait and go together in the next one (at most maxBatch), so a busy worker writes many
 * checks per round trip and commit, and an idle one writes each check at once. A job completes
 * only after its check is committed, so a worker killed with a batch in flight loses nothing: the
 * batch was not written and its jobs come back as stalled jobs, or it was written and their rerun
 * finds the links no longer due. A failed statement fails every job in it (each is retried).
 */
export function createCheckWriter(db: Kysely<Database>, maxBatch = 100): CheckWriter {
  let waiting: Waiting[] = [];
  let writing = false;

  async function writeAll(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      // One check per link per statement: a second check of the same link waits for the next one.
      const batch: Waiting[] = [];
      const rest: Waiting[] = [];
      const links = new Set<string>();
      for (const entry of waiting) {
        if (batch.length < maxBatch && !links.has(entry.check.link.id)) {
          links.add(entry.check.link.id);
          batch.push(entry);
        } else rest.push(entry);
      }
      waiting = rest;
      try {
        const written = await recordChecks(
          db,
          batch.map((entry) => entry.check),
        );
        batch.forEach((entry, index) => entry.resolve(written[index]!));
      } catch (err) {
        for (const entry of batch) entry.reject(err);
      }
    }
    writing = false;
  }

  return {
    record(check) {
      return new Promise<boolean>((resolve, reject) => {
        waiting.push({ check, resolve, reject });
        if (!writing) void writeAll();
      });
    },
  };
}
