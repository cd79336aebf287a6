import toast from 'react-hot-toast';
import { TOAST_DEFAULT_MS, TOAST_ERROR_MS, TOAST_SUCCESS_MS, UNDO_WINDOW_MS } from '../config/constants.ts';

function content(title: string, message?: string) {
  if (!message) return title;
  return (
    <span className="toast-text">
      <strong>{title}</strong>
      <span>{message}</span>
    </span>
  );
}

/**
 * The console's toasts (link-health-and-routes.md §8, §9): a title and an optional message;
 * success stays 4 s, failure 5 s, anything else 3 s. `<AppToaster />` must be mounted once.
 */
export const notify = {
  success: (title: string, message?: string) =>
    toast.success(content(title, message), { duration: TOAST_SUCCESS_MS }),
  error: (title: string, message?: string) =>
    toast.error(content(title, message), { duration: TOAST_ERROR_MS }),
  info: (title: string, message?: string) => toast(content(title, message), { duration: TOAST_DEFAULT_MS }),
  /**
   * A success that can be taken back: the toast stays UNDO_WINDOW_MS with an Undo button, which
   * closes it and calls `onUndo` (once).
   */
  undoable: (title: string, message: string | undefined, onUndo: () => void) =>
    toast.success(
      (t) => (
        <span className="toast-undo">
          {content(title, message)}
          <button
            type="button"
            className="secondary small"
            onClick={() => {
              toast.dismiss(t.id);
              onUndo();
            }}
          >
            Undo
          </button>
        </span>
      ),
      { duration: UNDO_WINDOW_MS },
    ),
};
