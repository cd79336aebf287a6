import { useId } from 'react';
import { Select } from '../../../components/select.tsx';
import { POST_PAGE_SIZES } from '../../../config/constants.ts';

const SIZE_OPTIONS = POST_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** How many posts a page holds (the list's `limit`): 20, 50 or 100; another limit from the address stays shown. */
export function PageSizeSelect({ limit, onChange }: { limit: number; onChange(limit: number): void }) {
  const id = useId();
  return (
    <label className="page-size" htmlFor={id}>
      <span>Posts per page</span>
      <Select
        id={id}
        value={String(limit)}
        options={SIZE_OPTIONS}
        onChange={(value) => onChange(Number(value))}
      />
    </label>
  );
}
