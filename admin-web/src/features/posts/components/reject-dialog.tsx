import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { PostMessages } from '../api/posts-api.ts';
import { isRejectionReasonGiven } from '@celebstyle/contracts';

/**
 * admin.md §2 Single and bulk reject: a reason is required (non-blank after trimming); the Reject
 * button stays disabled until there is one. The dialog stays open while the rejection runs. A second
 * submit before the first has shown as busy (a double click, Enter twice) sends nothing: the
 * catalog would answer the second with 'Post is already rejected' after the first worked.
 */
export function RejectDialog({
  title,
  description,
  busy,
  onReject,
  onClose,
}: {
  title: string;
  description: string;
  busy: boolean;
  onReject(reason: string): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const sent = useRef(false);
  useEffect(() => {
    // A rejection that failed leaves the dialog open: the admin may try again.
    if (!busy) sent.current = false;
  }, [busy]);
  const blank = !isRejectionReasonGiven(reason);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (blank || busy || sent.current) return;
    sent.current = true;
    onReject(reason.trim());
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      dismissible={!busy}
    >
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="rejection-reason">Rejection reason</label>
          <textarea
            id="rejection-reason"
            rows={4}
            value={reason}
            placeholder="Please provide a reason for rejection..."
            aria-invalid={touched && blank}
            aria-describedby={touched && blank ? 'rejection-reason-error' : undefined}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
          />
          {touched && blank && (
            <p id="rejection-reason-error" className="error">
              {PostMessages.rejectionReason}
            </p>
          )}
        </div>
        <div className="buttons">
          <button type="button" className="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="danger" disabled={blank || busy}>
            {busy ? 'Processing...' : 'Reject'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
