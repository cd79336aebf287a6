/**
 * Redis keys one service writes and another reads. The catalog bumps its data version on every
 * catalog write; the gateway keys its rendered pages by it, so a change retires them at once.
 */
export function catalogDataVersionKey(prefix: string): string {
  return `${prefix}:catalog:data-version`;
}
