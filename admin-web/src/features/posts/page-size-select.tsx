import { Select } from '../../components/select.tsx';
import { POST_PAGE_SIZES } from '../../config/constants.ts';

const SIZE_OPTIONS = POST_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** How many posts a page holds (the list's `limit`): 20, 50 or 100; another limit from the address stays shown. */
export function PageSizeSelect({ limit, onChange }: { limit: number; onChange(limit: number): void }) {
  return (
    <label className="page-size">
      <span>Posts per page</span>
      <Select value={String(limit)} options={SIZE_OPTIONS} onChange={(value) => onChange(Number(value))} />
    </label>
  );
}
