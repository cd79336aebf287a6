import { Dialog } from '../../../components/dialog.tsx';
import { REVIEW_SHORTCUTS } from './review-shortcuts.ts';

/** The list of Post Management's keyboard shortcuts ('?' or the Keyboard shortcuts button). */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Keyboard shortcuts"
      description="On the posts list, when no field or dialog has the keyboard."
    >
      <dl className="shortcut-list">
        {REVIEW_SHORTCUTS.map((s) => (
          <div key={s.key}>
            <dt>
              <kbd>{s.key}</kbd>
            </dt>
            <dd>{s.does}</dd>
          </div>
        ))}
      </dl>
      <div className="buttons">
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
