const COLOURS = [36, 35, 33, 32, 34, 96, 95, 93, 92, 94];
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;

let next = 0;
/** A stable colour per process name, so interleaved logs stay readable. */
export function prefixFor(name: string, width: number): string {
  const colour = COLOURS[next++ % COLOURS.length]!;
  const label = name.padEnd(width);
  return useColour ? `\x1b[${colour}m${label} |\x1b[0m ` : `${label} | `;
}

/**
 * Shortens a pino JSON line to "LEVEL message (method url → status in ms)"; other lines pass as
 * they are. The processes themselves keep logging JSON (what production log shippers want).
 */
export function formatLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const level = LEVELS[Number(entry.level)] ?? 'INFO';
    const req = entry.req as { method?: string; url?: string } | undefined;
    const res = entry.res as { statusCode?: number } | undefined;
    const err = entry.err as { message?: string } | undefined;
    const parts = [level.padEnd(5), String(entry.msg ?? '')];
    if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
    if (res?.statusCode) parts.push(`→ ${res.statusCode}`);
    if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)} ms`);
    if (err?.message) parts.push(`(${err.message})`);
    return parts.join(' ');
  } catch {
    return line;
  }
}
