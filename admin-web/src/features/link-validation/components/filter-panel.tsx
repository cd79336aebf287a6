import { useId } from 'react';
import type { LinkValidationFilterOptions } from '@celebstyle/contracts';
import { plainOptions, Select } from '../../../components/select.tsx';
import { CONFIDENCE_PERCENT_MAX, CONFIDENCE_RANGE_ERROR } from '../confidence.ts';
import {
  ALL_STATUSES,
  hasActiveFilters,
  invalidConfidenceInputs,
  QUICK_FILTERS,
  type Filters,
  type QuickFilter,
} from '../filters.ts';
import {
  FILTER_LINK_STATUSES,
  LINK_STATUS_LABELS,
  linkStatusLabel,
  RECOMMENDATIONS,
  recommendationLabel,
} from '../labels.ts';

interface Props {
  filters: Filters;
  options: LinkValidationFilterOptions | undefined;
  onChange(filters: Filters): void;
  onQuickFilter(quick: QuickFilter): void;
  onClear(): void;
}

type OptionKey = keyof LinkValidationFilterOptions;

const OPTION_DROPDOWNS: [label: string, key: keyof Filters, options: OptionKey, all: string][] = [
  ['Retailer', 'retailer', 'retailers', 'All Retailers'],
  ['Celebrity', 'celebrity', 'celebrities', 'All Celebrities'],
  ['Show', 'show', 'shows', 'All Shows'],
  ['Brand', 'brand', 'brands', 'All Brands'],
  ['Platform', 'platform', 'platforms', 'All Platforms'],
  ['Product Type', 'productType', 'productTypes', 'All Product Types'],
];

const CONFIDENCE_FIELDS = [
  ['Min Confidence', 'minConfidence'],
  ['Max Confidence', 'maxConfidence'],
] as const;

function Field({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div className="lv-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** §2.2 filter panel: search, quick filters, eight dropdowns, confidence and date ranges. */
export function FilterPanel({ filters, options, onChange, onQuickFilter, onClear }: Props) {
  const set = (key: keyof Filters, value: string) => onChange({ ...filters, [key]: value });
  // a value set by a quick filter (Broken Links) is not one of the offered statuses: show it anyway
  const statusOffered =
    filters.linkStatus === ALL_STATUSES ||
    (FILTER_LINK_STATUSES as readonly string[]).includes(filters.linkStatus);
  const dateValue = (value: string) => value.slice(0, 10);
  const invalid = invalidConfidenceInputs(filters);

  return (
    <div className="panel lv-filters" role="search" aria-label="Filters">
      <input
        type="search"
        className="lv-search"
        aria-label="Search"
        placeholder="Search posts, links, or descriptions..."
        value={filters.search}
        onChange={(event) => set('search', event.target.value)}
      />
      <div className="lv-quick" role="group" aria-label="Quick filters">
        {QUICK_FILTERS.map((quick) => {
          const active = quick.isActive(filters);
          return (
            <button
              key={quick.id}
              type="button"
              className={active ? 'lv-quick-on' : 'secondary'}
              aria-pressed={active}
              onClick={() => onQuickFilter(quick)}
            >
              {quick.label}
            </button>
          );
        })}
      </div>
      <div className="lv-grid">
        <Field label="Link Status">
          {(id) => (
            <Select
              id={id}
              value={filters.linkStatus}
              options={[
                { value: ALL_STATUSES, label: 'All Statuses' },
                ...FILTER_LINK_STATUSES.map((status) => ({
                  value: status,
                  label: LINK_STATUS_LABELS[status],
                })),
                ...(statusOffered
                  ? []
                  : [
                      {
                        value: filters.linkStatus,
                        label: filters.linkStatus.split(',').map(linkStatusLabel).join(', '),
                      },
                    ]),
              ]}
              onChange={(value) => set('linkStatus', value)}
            />
          )}
        </Field>
        {OPTION_DROPDOWNS.map(([label, key, optionKey, all]) => (
          <Field key={key} label={label}>
            {(id) => (
              <Select
                id={id}
                value={filters[key]}
                options={[{ value: '', label: all }, ...plainOptions(options?.[optionKey])]}
                onChange={(value) => set(key, value)}
              />
            )}
          </Field>
        ))}
        <Field label="Recommendation">
          {(id) => (
            <Select
              id={id}
              value={filters.recommendation}
              options={[
                { value: '', label: 'All Recommendations' },
                ...RECOMMENDATIONS.map((value) => ({ value, label: recommendationLabel(value) })),
              ]}
              onChange={(value) => set('recommendation', value)}
            />
          )}
        </Field>
        {CONFIDENCE_FIELDS.map(([label, key]) => (
          <Field key={key} label={label}>
            {(id) => (
              <>
                <input
                  id={id}
                  type="number"
                  min={0}
                  max={CONFIDENCE_PERCENT_MAX}
                  placeholder="0-100"
                  value={filters[key]}
                  aria-invalid={invalid.includes(key) || undefined}
                  aria-describedby={invalid.includes(key) ? `${id}-error` : undefined}
                  onChange={(e) => set(key, e.target.value)}
                />
                {invalid.includes(key) && (
                  <span id={`${id}-error`} className="error">
                    {CONFIDENCE_RANGE_ERROR}
                  </span>
                )}
              </>
            )}
          </Field>
        ))}
        <Field label="Validated After">
          {(id) => (
            <input
              id={id}
              type="date"
              value={dateValue(filters.validatedAfter)}
              onChange={(e) => set('validatedAfter', e.target.value)}
            />
          )}
        </Field>
        <Field label="Validated Before">
          {(id) => (
            <input
              id={id}
              type="date"
              value={dateValue(filters.validatedBefore)}
              onChange={(e) => set('validatedBefore', e.target.value)}
            />
          )}
        </Field>
      </div>
      {hasActiveFilters(filters) && (
        <button type="button" className="secondary" onClick={onClear}>
          Clear All Filters
        </button>
      )}
    </div>
  );
}
