import { stripVTControlCharacters } from 'node:util';

/** Lines a failure block keeps; a long diff or stack is cut with a line saying how much was left. */
const BLOCK_LINES = 60;

/** Where vitest begins the part of its report that says what failed. */
const FAILURE_HEADER = /⎯{2,}\s*(Failed Tests \d+|Failed Suites \d+|Unhandled Errors?)\s*⎯{2,}/;
/** The last line of a vitest run's summary, which closes its failure report. */
const RUN_END = /^\s*Duration\s/;
/** The line vitest opens a run with: ` RUN  v5.1.1 /path/of/the/workspace`. */
const RUN_START = /^\s*RUN\s+v\d+\S*\s+(\S.*)$/;
/** What npm says of a script that exited non-zero: which workspace, and the command. */
const NPM_FAILURE = /^npm (error|ERR!) (workspace|path|command failed|Lifecycle script)/;

/**
 * What failed in the output of a test command, for its end: each vitest run's failure report (the
 * failed tests, suites and unhandled errors, with its summary lines) under the folder it ran in,
 * and npm's lines naming a workspace whose script failed. Empty when the output shows no failure.
 * Long test commands run several workspaces' runs in lanes whose output is printed as it ends, so
 * a failure can sit far above the last screen; this repeats it there.
 */
export function failureSummary(output: string): string[] {
  const lines = stripVTControlCharacters(output).split(/\r?\n/);
  const summary: string[] = [];
  let folder = '';
  let block: string[] | null = null;
  const endBlock = () => {
    if (!block) return;
    const cut = block.length - BLOCK_LINES;
    summary.push(`-- ${folder || 'a vitest run'}`, ...block.slice(0, BLOCK_LINES));
    if (cut > 0) summary.push(`   (${cut} more lines of this report above)`);
    block = null;
  };
  for (const line of lines) {
    const start = RUN_START.exec(line);
    if (start) {
      endBlock();
      folder = start[1]!.trim();
      continue;
    }
    if (FAILURE_HEADER.test(line)) {
      if (!block) block = [];
      block.push(line);
      continue;
    }
    if (block) {
      if (line.trim() !== '' || block.at(-1)?.trim() !== '') block.push(line);
      if (RUN_END.test(line)) endBlock();
      continue;
    }
    if (NPM_FAILURE.test(line)) summary.push(line);
  }
  endBlock();
  return summary;
}
