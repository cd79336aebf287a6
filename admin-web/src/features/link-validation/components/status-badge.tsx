import { badgeColour, linkStatusLabel } from '../labels.ts';

/** A link's status as a coloured badge (§4.6). */
export function StatusBadge({ status, title }: { status: string; title?: string }) {
  return (
    <span className={`lv-badge lv-${badgeColour(status)}`} title={title}>
      {linkStatusLabel(status)}
    </span>
  );
}
