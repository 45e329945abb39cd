import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AlertColor } from '@mui/material/Alert';

// The Snackbar loads with the first toast: no page needs it for its first paint.
const ToastSnackbar = lazy(() => import('./ToastSnackbar').then((m) => ({ default: m.ToastSnackbar })));

interface ToastState {
  key: number;
  message: string;
  severity: AlertColor;
  durationMs: number;
}

interface ToastApi {
  /** Spec toasts: product saved 6000 ms, invite resent 5000 ms. Errors stay 8000 ms. */
  show: (message: string, options?: { severity?: AlertColor; durationMs?: number }) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback<ToastApi['show']>((message, options = {}) => {
    const severity = options.severity ?? 'success';
    setToast({ key: Date.now(), message, severity, durationMs: options.durationMs ?? (severity === 'error' ? 8000 : 5000) });
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {toast && (
        <Suspense fallback={null}>
          <ToastSnackbar
            key={toast.key}
            open={open}
            message={toast.message}
            severity={toast.severity}
            durationMs={toast.durationMs}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
