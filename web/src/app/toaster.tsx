import { Toaster } from 'react-hot-toast';
import {
  TOAST_DURATION_BLANK_MS,
  TOAST_DURATION_ERROR_MS,
  TOAST_DURATION_LOADING_MS,
  TOAST_DURATION_SUCCESS_MS,
} from '../config/constants.ts';
import { ToastLimit } from './toast-limit.tsx';

/** storefront.md §9 toast durations: blank 4 s, error 4 s, success 2 s, loading unlimited; at most 20. */
export default function AppToaster() {
  return (
    <>
      <ToastLimit />
      <Toaster
        position="top-center"
        toastOptions={{
          blank: { duration: TOAST_DURATION_BLANK_MS },
          error: { duration: TOAST_DURATION_ERROR_MS },
          success: { duration: TOAST_DURATION_SUCCESS_MS },
          loading: { duration: TOAST_DURATION_LOADING_MS },
        }}
      />
    </>
  );
}
