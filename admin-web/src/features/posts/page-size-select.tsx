import { POST_PAGE_SIZES } from '../../config/constants.ts';

/** How many posts a page holds (the list's `limit`): 20, 50 or 100. */
export function PageSizeSelect({ limit, onChange }: { limit: number; onChange(limit: number): void }) {
  return (
    <label className="page-size">
      <span>Posts per page</span>
      <select value={limit} onChange={(e) => onChange(Number(e.target.value))}>
        {/* a limit from the address outside the choices stays shown */}
        {!(POST_PAGE_SIZES as readonly number[]).includes(limit) && <option value={limit}>{limit}</option>}
        {POST_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
  );
}
