import { Toaster } from 'react-hot-toast';
import { TOAST_DEFAULT_MS, TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '../config/constants.ts';

/**
 * Where the toasts of `notify` (src/lib/toast.tsx) appear: top-right under the header (never over
 * Sign out), mounted once by the app.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      containerStyle={{ top: 'var(--toast-top)' }}
      toastOptions={{
        duration: TOAST_DEFAULT_MS,
        success: { duration: TOAST_SUCCESS_MS },
        error: { duration: TOAST_ERROR_MS },
      }}
    />
  );
}
