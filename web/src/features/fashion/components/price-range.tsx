import { useState, type FormEvent } from 'react';
import { orderedBounds, priceBound, type FilterState } from '../../../lib/saved-filters.ts';

type PriceRangeProps = {
  minPrice: number | null;
  maxPrice: number | null;
  onChange: (bounds: Pick<FilterState, 'minPrice' | 'maxPrice'>) => void;
};

const input =
  'h-10 w-full min-w-0 rounded-full border border-neutral-300 px-4 text-sm focus:border-ink focus:outline-none';

/**
 * Beyond the spec: the card price's range (README "Prices"). Applied with the button or Enter, not
 * on every keystroke, so typing 150 does not load the listing for 1 and 15 first.
 */
export function PriceRange({ minPrice, maxPrice, onChange }: PriceRangeProps) {
  const text = (value: number | null) => (value === null ? '' : String(value));
  const [min, setMin] = useState(text(minPrice));
  const [max, setMax] = useState(text(maxPrice));
  // the boxes follow the URL when Clear All or a chip changes it
  const [seen, setSeen] = useState([minPrice, maxPrice]);
  if (seen[0] !== minPrice || seen[1] !== maxPrice) {
    setSeen([minPrice, maxPrice]);
    setMin(text(minPrice));
    setMax(text(maxPrice));
  }
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange(orderedBounds(priceBound(min), priceBound(max)));
  };
  return (
    <form onSubmit={apply} className="pb-4" aria-labelledby="price-range">
      <h3 id="price-range" className="mb-2 text-xs font-semibold tracking-[0.2em] uppercase">
        Price
      </h3>
      <div className="flex items-center gap-2">
        <PriceBox label="Minimum price" placeholder="Min" value={min} onChange={setMin} />
        <span aria-hidden>–</span>
        <PriceBox label="Maximum price" placeholder="Max" value={max} onChange={setMax} />
        <button
          type="submit"
          className="h-10 shrink-0 rounded-full px-4 text-xs font-semibold ring-1 ring-neutral-300 hover:bg-neutral-50"
        >
          Apply
        </button>
      </div>
    </form>
  );
}

type PriceBoxProps = { label: string; placeholder: string; value: string; onChange: (value: string) => void };

function PriceBox({ label, placeholder, value, onChange }: PriceBoxProps) {
  return (
    <label className="min-w-0 flex-1">
      <span className="sr-only">{label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={input}
      />
    </label>
  );
}
