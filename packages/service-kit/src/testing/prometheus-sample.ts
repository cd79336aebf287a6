/**
 * The value of one series in a Prometheus text scrape, or undefined when the series is absent:
 * `prometheusSample(text, 'link_checks_total', { status: 'active' })`. Tests that scrape a process
 * over HTTP read its metrics this way.
 */
export function prometheusSample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.includes('{') ? line.slice(line.indexOf('{') + 1, line.indexOf('}')) : '';
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.split(' ').pop());
  }
  return undefined;
}
