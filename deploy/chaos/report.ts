import { faultAt, type DataCheck } from './assertions.ts';
import type { FaultRun } from './faults.ts';
import type { Outcome } from './load.ts';

const isError = (o: Outcome) => o.failure !== undefined || o.status < 200 || o.status >= 300;

/** "37 (503×30, 504×7)": error answers and their statuses. */
function describeErrors(outcomes: Outcome[]): string {
  const errors = outcomes.filter(isError);
  if (errors.length === 0) return '0';
  const byStatus = new Map<string, number>();
  for (const o of errors) {
    const key = o.failure ?? String(o.status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const parts = [...byStatus].sort().map(([status, n]) => `${status}×${n}`);
  return `${errors.length} (${parts.join(', ')})`;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * The suite's table: one row per fault (error answers sent during it, from its start to its
 * recovery; seconds from the part being back to everything working; items accepted during it that
 * were lost), and a row for the time between faults.
 */
export function faultTable(runs: FaultRun[], outcomes: Outcome[], data: DataCheck): string {
  const rows = runs.map((run) => {
    const end = run.recoveredAt ?? run.restoredAt + 60_000;
    const during = outcomes.filter((o) => o.startedAt >= run.startedAt && o.startedAt <= end);
    const lost = data.lost.filter((item) => faultAt(runs, item.at) === run).length;
    const twice = data.duplicates.filter((item) => faultAt(runs, item.at) === run).length;
    return [
      run.name,
      run.note,
      describeErrors(during),
      run.recoveredAt === undefined
        ? 'not recovered'
        : ((run.recoveredAt - run.restoredAt) / 1000).toFixed(1),
      String(lost),
      String(twice),
    ];
  });
  const between = outcomes.filter((o) => faultAt(runs, o.startedAt) === undefined);
  rows.push([
    'between faults',
    'steady load',
    describeErrors(between),
    '-',
    String(data.lost.filter((item) => faultAt(runs, item.at) === undefined).length),
    String(data.duplicates.filter((item) => faultAt(runs, item.at) === undefined).length),
  ]);
  return table(
    [
      'fault',
      'what happened',
      'error answers during it',
      'seconds to recover',
      'items lost',
      'e-mails sent twice',
    ],
    rows,
  );
}

export function summary(runs: FaultRun[], outcomes: Outcome[], data: DataCheck): string {
  const strays = outcomes.filter((o) => isError(o) && faultAt(runs, o.startedAt) === undefined);
  const kinds = ['read', 'sign-up', 'support', 'link-check'] as const;
  const counts = kinds.map((k) => `${outcomes.filter((o) => o.kind === k).length} ${k}s`).join(', ');
  return [
    `requests: ${outcomes.length} (${counts}), ${outcomes.filter(isError).length} answered with an error`,
    `accepted: ${data.acceptedSignUps} sign-ups, ${data.acceptedSupport} support requests, ` +
      `${data.acceptedLinkChecks} check-now requests; ${data.emailsSent} e-mails sent, ` +
      `${data.linksChecked} link checks recorded`,
    `e-mails received twice (at-least-once window): ${data.duplicates.length}` +
      (data.duplicates.length > 0 ? ` (${data.duplicates.map((d) => d.what).join('; ')})` : ''),
    ...strays.map(
      (o) =>
        `error answer between faults: ${o.failure ?? o.status} ${o.kind} ${o.path} at ${new Date(o.startedAt).toISOString()}`,
    ),
  ].join('\n');
}
