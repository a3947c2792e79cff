import { useState } from 'react';
import { adminApi, useAdminMutation, useUsers } from '../api/admin';
import type { AdminUser, Plan, Role } from '../api/types';
import { ConfirmDialog, DialogActions } from '../components/confirm-dialog';
import { SearchableTable } from '../components/searchable-table';
import { Td } from '../components/table';
import { errorText, frDateTime, PLAN_LABELS, PLAN_TONES } from '../lib/format';
import { Badge, Button, Dialog, Field, Input, Select, showToast, TrashIcon } from '../ui';

const PLANS: Plan[] = ['free', 'basic', 'standard', 'premium'];

function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [email, setEmail] = useState(user.email ?? '');
  const [phone, setPhone] = useState(user.phoneNumber ?? '');
  const [plan, setPlan] = useState<Plan>(user.plan);
  const [quota, setQuota] = useState(String(user.reminderQuota));
  const [used, setUsed] = useState(String(user.remindersUsed));
  const save = useAdminMutation((body: Parameters<typeof adminApi.updateUser>[1]) => adminApi.updateUser(user.id, body), [['admin', 'users']]);
  const intOk = (v: string) => /^\d+$/.test(v.trim());
  const submit = async () => {
    if (!intOk(quota) || !intOk(used)) {
      showToast({ title: 'Erreur', description: 'Le quota et les rappels utilisés doivent être des nombres entiers.', variant: 'destructive' });
      return;
    }
    try {
      await save.mutateAsync({ email: email.trim() || null, phoneNumber: phone.trim() || null, plan, reminderQuota: Number(quota), remindersUsed: Number(used) });
      showToast({ title: 'Succès', description: 'Utilisateur mis à jour avec succès', variant: 'success' });
      onClose();
    } catch (e) {
      showToast({ title: 'Erreur', description: errorText(e, "Impossible de mettre à jour l'utilisateur"), variant: 'destructive' });
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Modifier l'utilisateur" description={`${user.username} (ID ${user.id})`} closeLabel="Fermer">
      <div className="flex flex-col gap-4">
        <Field label="E-mail">
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Numéro de téléphone">
          <Input type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </Field>
        <Field label="Forfait">
          <Select value={plan} onValueChange={(v) => setPlan(v as Plan)} options={PLANS.map((p) => ({ value: p, label: PLAN_LABELS[p] }))} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Quota de rappels">
            <Input inputMode="numeric" value={quota} onChange={(e) => setQuota(e.target.value)} />
          </Field>
          <Field label="Rappels utilisés">
            <Input inputMode="numeric" value={used} onChange={(e) => setUsed(e.target.value)} />
          </Field>
        </div>
        <DialogActions action="Enregistrer" busy={save.isPending} onConfirm={submit} onClose={onClose} />
      </div>
    </Dialog>
  );
}

function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const del = useAdminMutation(() => adminApi.deleteUser(user.id), [['admin', 'users'], ['admin', 'reminders']]);
  const confirm = async () => {
    try {
      await del.mutateAsync(undefined);
      showToast({ title: 'Succès', description: 'Utilisateur supprimé avec succès', variant: 'success' });
      onClose();
    } catch (e) {
      showToast({ title: 'Erreur', description: errorText(e, "Impossible de supprimer l'utilisateur"), variant: 'destructive' });
    }
  };
  return (
    <ConfirmDialog title="Supprimer l'utilisateur" action="Supprimer" danger busy={del.isPending} onClose={onClose} onConfirm={confirm}>
      <p>
        Supprimer <strong>{user.username || user.phoneNumber}</strong> (ID {user.id}) ?
      </p>
      <p className="mt-2 text-danger">Cette action est irréversible et supprime aussi tous les rappels de cet utilisateur.</p>
    </ConfirmDialog>
  );
}

/** Utilisateurs (SPEC §2): server-side search by username, e-mail or phone; edit and delete for admins. */
export function UsersPage({ role }: { role: Role }) {
  const [q, setQ] = useState('');
  const users = useUsers(q);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const admin = role === 'admin';
  return (
    <>
      <SearchableTable
        query={users}
        onSearch={setQ}
        searchPlaceholder="Rechercher par nom d'utilisateur, e-mail ou téléphone"
        searchLabel="Rechercher un utilisateur"
        loadingLabel="Chargement des utilisateurs"
        errorText="Impossible de charger la liste des utilisateurs"
        label="Utilisateurs"
        head={['ID', "Nom d'utilisateur", 'E-mail', 'Téléphone', 'Forfait', 'Quota', 'Utilisés', 'Créé le', ...(admin ? ['Actions'] : [])]}
        empty="Aucun utilisateur trouvé."
      >
        {(rows) =>
          rows.map((u) => (
            <tr key={u.id} data-user-id={u.id}>
              <Td className="tabular-nums text-fg-muted">{u.id}</Td>
              <Td className="font-medium">
                {u.username}
                {u.role !== 'user' && <Badge tone="info" className="ml-2">{u.role}</Badge>}
                {u.optedOut && <Badge tone="neutral" className="ml-2" title="A répondu STOP">STOP</Badge>}
              </Td>
              <Td>{u.email ?? '—'}</Td>
              <Td>
                {u.phoneNumber ?? '—'}
                {u.phoneNumber && !u.phoneVerified && <span className="ml-1 text-xs text-fg-muted">(non vérifié)</span>}
              </Td>
              <Td>
                <Badge tone={PLAN_TONES[u.plan]}>{PLAN_LABELS[u.plan] ?? u.plan}</Badge>
              </Td>
              <Td className="tabular-nums">{u.reminderQuota}</Td>
              <Td className="tabular-nums">{u.remindersUsed}</Td>
              <Td className="text-fg-muted">{frDateTime(u.createdAt)}</Td>
              {admin && (
                <Td>
                  <div className="flex gap-1">
                    <Button size="sm" variant="outline" onClick={() => setEditing(u)} aria-label={`Modifier ${u.username}`}>
                      Modifier
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(u)} aria-label={`Supprimer ${u.username}`}>
                      <TrashIcon className="h-4 w-4 text-danger" />
                    </Button>
                  </div>
                </Td>
              )}
            </tr>
          ))
        }
      </SearchableTable>
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
