/**
 * storefront.md §9: the header shows `limit` results, about 40% posts, 40% celebrities, 30% shows.
 * Quotas are floor(40%), floor(40%), floor(30%) of the limit (12 → 4, 4, 3); the slots a group cannot
 * fill, and the remainder, go one at a time to the groups in the order posts, celebrities, shows while
 * they have candidates left (12 with plenty of everything → 5, 4, 3).
 */
export function splitSlots(
  limit: number,
  available: readonly [number, number, number],
): [number, number, number] {
  const quotas = [Math.floor(limit * 0.4), Math.floor(limit * 0.4), Math.floor(limit * 0.3)];
  const taken = quotas.map((quota, i) => Math.min(quota, available[i]!)) as [number, number, number];
  let free = limit - taken[0] - taken[1] - taken[2];
  while (free > 0) {
    let gave = false;
    for (let i = 0; i < 3 && free > 0; i++) {
      if (taken[i]! < available[i]!) {
        taken[i]!++;
        free--;
        gave = true;
      }
    }
    if (!gave) break;
  }
  return taken;
}
