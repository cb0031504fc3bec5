import { Toast } from 'primereact/toast';
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';

export interface Toaster {
  /** `life` in milliseconds: news the person did not cause (a live change) stays longer. */
  success(summary: string, detail?: string, life?: number): void;
  error(summary: string, detail?: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

/** One toast area for the whole app (bottom right): forms and row actions report through it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toast = useRef<Toast>(null);
  const toaster = useMemo<Toaster>(
    () => ({
      success: (summary, detail, life = 4000) =>
        toast.current?.show({ severity: 'success', summary, detail, life }),
      error: (summary, detail) => toast.current?.show({ severity: 'error', summary, detail, life: 7000 }),
    }),
    [],
  );
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <Toast ref={toast} position="bottom-right" data-testid="app-toast" />
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs the ToastProvider (client/App.tsx)');
  return toaster;
}
