import type { ReactNode } from 'react';

type NoticeKind = 'error' | 'warning' | 'success' | 'info';

/** A message box. Errors and warnings are announced at once; the rest politely. */
export function Notice({ kind = 'info', children }: { kind?: NoticeKind; children: ReactNode }) {
  const urgent = kind === 'error' || kind === 'warning';
  return (
    <div className={`notice notice--${kind}`} role={urgent ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
