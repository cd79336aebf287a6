import { readFileSync } from 'node:fs';
import os from 'node:os';

/** utime + stime of a process in milliseconds (Linux clock ticks, 100 per second); 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU of a set of processes from the moment this is called: ms used since, summed. */
export function cpuSince(pids: readonly number[]): () => number {
  const start = new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  return () => pids.reduce((sum, pid) => sum + Math.max(0, processCpuMs(pid) - start.get(pid)!), 0);
}

/** The 1-minute load average, written beside every figure (the machine is shared). */
export function loadAverage(): string {
  return os.loadavg()[0]!.toFixed(1);
}
