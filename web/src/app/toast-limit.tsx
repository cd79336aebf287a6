import { useEffect } from 'react';
import toast, { useToasterStore } from 'react-hot-toast';
import { TOAST_LIMIT } from '../config/constants.ts';

/** storefront.md §9: at most 20 toasts; the oldest visible ones are dismissed first. */
export function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}
