import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi, useAdminMutation, useReminders } from '../api/admin';
import type { AdminReminder, Role } from '../api/types';
import { ConfirmDialog, DialogActions } from '../components/confirm-dialog';
import { SearchableTable } from '../components/searchable-table';
import { Td } from '../components/table';
import { errorText, frDateTime, STATUS_LABELS } from '../lib/format';
import { Badge, Button, Dialog, Field, Input, Select, showToast, Textarea } from '../ui';

type Editable = Pick<AdminReminder, 'subject' | 'reminderText' | 'status' | 'languageCode'>;

export function StatusBadge({ status }: { status: string }) {
  if (status === 'pending') return <Badge tone="outline">{STATUS_LABELS.pending}</Badge>;
  if (status === 'sent') return <Badge tone="success">{STATUS_LABELS.sent}</Badge>;
  if (status === 'failed') return <Badge tone="danger">{STATUS_LABELS.failed}</Badge>;
  return <Badge tone="neutral">{STATUS_LABELS[status] ?? status}</Badge>;
}

function EditReminderDialog({ reminder, onClose }: { reminder: AdminReminder; onClose: () => void }) {
  const [form, setForm] = useState<Editable>({ subject: reminder.subject, reminderText: reminder.reminderText, status: reminder.status === 'cancelled' ? 'pending' : reminder.status, languageCode: reminder.languageCode });
  const save = useAdminMutation((body: Partial<Editable>) => adminApi.updateReminder(reminder.id, body), [['admin', 'reminders']]);
  const submit = async () => {
    const body: Partial<Editable> = { subject: form.subject, reminderText: form.reminderText, languageCode: form.languageCode };
    if (form.status !== reminder.status) body.status = form.status;
    try {
      await save.mutateAsync(body);
      showToast({ title: 'Succès', description: 'Rappel mis à jour avec succès', variant: 'success' });
      onClose();
    } catch (e) {
      showToast({ title: 'Erreur', description: errorText(e, 'Impossible de mettre à jour le rappel'), variant: 'destructive' });
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Modifier le rappel" description={`Rappel ${reminder.id}`} closeLabel="Fermer">
      <div className="flex flex-col gap-4">
        <Field label="Sujet">
          <Input value={form.subject} onChange={(e) => setForm({ ...form, subject: e.target.value })} />
        </Field>
        <Field label="Message">
          <Textarea rows={4} value={form.reminderText} onChange={(e) => setForm({ ...form, reminderText: e.target.value })} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Statut">
            <Select value={form.status} onValueChange={(v) => setForm({ ...form, status: v as Editable['status'] })} options={(['pending', 'sent', 'failed'] as const).map((s) => ({ value: s, label: STATUS_LABELS[s] }))} />
          </Field>
          <Field label="Langue">
            <Select value={form.languageCode} onValueChange={(v) => setForm({ ...form, languageCode: v as 'fr' | 'en' })} options={[{ value: 'fr', label: 'Français' }, { value: 'en', label: 'English' }]} />
          </Field>
        </div>
        <DialogActions action="Enregistrer" busy={save.isPending} onConfirm={submit} onClose={onClose} />
      </div>
    </Dialog>
  );
}

function ActionsMenu({ reminder, onPick }: { reminder: AdminReminder; onPick: (a: 'edit' | 'trigger' | 'delete') => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const item = 'block w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-muted';
  return (
    <div className="relative" ref={ref}>
      <Button size="sm" variant="outline" aria-haspopup="menu" aria-expanded={open} aria-label={`Actions du rappel ${reminder.id}`} onClick={() => setOpen(!open)}>
        Actions
      </Button>
      {open && (
        <div role="menu" className="absolute right-0 z-30 mt-1 w-56 rounded-xl border border-border bg-bg-elevated p-1 shadow-pop">
          <button role="menuitem" className={item} onClick={() => (setOpen(false), onPick('edit'))}>
            Modifier
          </button>
          <button role="menuitem" className={item} onClick={() => (setOpen(false), onPick('trigger'))} title={reminder.status === 'pending' ? undefined : 'Seuls les rappels en attente peuvent être déclenchés'}>
            Déclencher maintenant
          </button>
          <button role="menuitem" className={`${item} text-danger`} onClick={() => (setOpen(false), onPick('delete'))}>
            Supprimer
          </button>
        </div>
      )}
    </div>
  );
}

/** Rappels (SPEC §2, §4): search by subject or text; edit, trigger (pending only, refused otherwise by the server), delete. */
export function RemindersPage({ role }: { role: Role }) {
  const [q, setQ] = useState('');
  const reminders = useReminders(q);
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<{ kind: 'edit' | 'trigger' | 'delete'; reminder: AdminReminder } | null>(null);
  const trigger = useAdminMutation((id: number) => adminApi.triggerReminder(id), [['admin', 'reminders']]);
  const del = useAdminMutation((id: number) => adminApi.deleteReminder(id), [['admin', 'reminders']]);
  const admin = role === 'admin';
  const close = () => setDialog(null);

  const doTrigger = async (r: AdminReminder) => {
    try {
      await trigger.mutateAsync(r.id);
      showToast({ title: 'Succès', description: 'Rappel déclenché avec succès', variant: 'success' });
      close();
      // The dispatcher sends it within a moment; show the row turning "Envoyé".
      setTimeout(() => qc.invalidateQueries({ queryKey: ['admin', 'reminders'] }), 2500);
    } catch (e) {
      showToast({ title: 'Erreur', description: errorText(e, 'Impossible de déclencher le rappel'), variant: 'destructive' });
      close();
    }
  };
  const doDelete = async (r: AdminReminder) => {
    try {
      await del.mutateAsync(r.id);
      showToast({ title: 'Succès', description: 'Rappel supprimé avec succès', variant: 'success' });
      close();
    } catch (e) {
      showToast({ title: 'Erreur', description: errorText(e, 'Impossible de supprimer le rappel'), variant: 'destructive' });
    }
  };

  return (
    <>
      <SearchableTable
        query={reminders}
        onSearch={setQ}
        searchPlaceholder="Rechercher par sujet ou texte"
        searchLabel="Rechercher un rappel"
        loadingLabel="Chargement des rappels"
        errorText="Impossible de charger la liste des rappels"
        label="Rappels"
        head={['ID', 'Utilisateur', 'Sujet', 'Heure du rappel', 'Statut', 'Langue', 'Créé le', ...(admin ? ['Actions'] : [])]}
        empty="Aucun rappel trouvé."
      >
        {(rows) =>
          rows.map((r) => (
            <tr key={r.id} data-reminder-id={r.id}>
              <Td className="tabular-nums text-fg-muted">{r.id}</Td>
              <Td className="tabular-nums">
                <span title={r.username ?? undefined}>{r.userId}</span>
              </Td>
              <Td className="max-w-[16rem] truncate font-medium">
                {r.subject}
                {r.repeatDescription && <div className="truncate text-xs font-normal text-fg-muted">🔁 {r.repeatDescription}</div>}
              </Td>
              <Td>{frDateTime(r.reminderTime)}</Td>
              <Td>
                <StatusBadge status={r.status} />
              </Td>
              <Td>{r.languageCode === 'en' ? 'English' : 'Français'}</Td>
              <Td className="text-fg-muted">{frDateTime(r.createdAt)}</Td>
              {admin && (
                <Td>
                  <ActionsMenu reminder={r} onPick={(kind) => setDialog({ kind, reminder: r })} />
                </Td>
              )}
            </tr>
          ))
        }
      </SearchableTable>
      {dialog?.kind === 'edit' && <EditReminderDialog reminder={dialog.reminder} onClose={close} />}
      {dialog?.kind === 'trigger' && (
        <ConfirmDialog title="Déclencher le rappel" action="Déclencher" busy={trigger.isPending} onClose={close} onConfirm={() => doTrigger(dialog.reminder)}>
          <p>
            <strong>{dialog.reminder.subject}</strong>
          </p>
          <p className="mt-2 text-fg-muted">Le rappel sera envoyé immédiatement au lieu de l'heure prévue, sur le canal de l'utilisateur.</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog title="Supprimer le rappel" action="Supprimer" danger busy={del.isPending} onClose={close} onConfirm={() => doDelete(dialog.reminder)}>
          <p>
            <strong>{dialog.reminder.subject}</strong>
          </p>
          <p className="mt-2 text-danger">Cette action est irréversible.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
