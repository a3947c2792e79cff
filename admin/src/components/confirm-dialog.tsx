import type { ReactNode } from 'react';
import { Button, Dialog } from '../ui';

/** A dialog's footer: Annuler, then the action's button (red when it destroys). */
export function DialogActions({ action, danger, busy, onConfirm, onClose, className = '' }: { action: string; danger?: boolean; busy: boolean; onConfirm: () => void; onClose: () => void; className?: string }) {
  return (
    <div className={`flex justify-end gap-2 ${className}`.trim()}>
      <Button variant="outline" onClick={onClose}>
        Annuler
      </Button>
      <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
        {action}
      </Button>
    </div>
  );
}

/** "Are you sure?" for one action: the explanation, Annuler, and the action's button. */
export function ConfirmDialog({ title, children, action, danger, busy, onConfirm, onClose }: { title: string; children: ReactNode; action: string; danger?: boolean; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} closeLabel="Fermer">
      <div className="text-sm">{children}</div>
      <DialogActions className="mt-6" action={action} danger={danger} busy={busy} onConfirm={onConfirm} onClose={onClose} />
    </Dialog>
  );
}
