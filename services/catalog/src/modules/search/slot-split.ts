/**
 * storefront.md §9: the header shows `limit` results, about 40% posts, 40% celebrities, 30% shows.
 * Quotas are floor(40%), floor(40%), floor(30%) of the limit (12 → 4, 4, 3; shows give way when the
 * three exceed the limit: 10 → 4, 4, 2); the slots a group cannot
 * fill, and the remainder, go one at a time to the groups in the order posts, celebrities, shows while
 * they have candidates left (12 with plenty of everything → 5, 4, 3).
 */
export function splitSlots(
  limit: number,
  available: readonly [number, number, number],
): [number, number, number] {
  const fortyPercent = Math.floor(limit * 0.4);
  // 40 + 40 + 30 is more than 100: the shows' quota gives way (10 → 4, 4, 2).
  const quotas = [fortyPercent, fortyPercent, Math.min(Math.floor(limit * 0.3), limit - 2 * fortyPercent)];
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
