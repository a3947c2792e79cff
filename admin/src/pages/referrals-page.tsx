import { useState } from 'react';
import { adminApi, keys, useAdminMutation, useCommissions, usePartners } from '../api/admin';
import type { Partner } from '../api/types';
import { ConfirmDialog, DialogActions } from '../components/confirm-dialog';
import { DataTable, LoadError, Td } from '../components/table';
import { errorText, euros, frDateTime, generateReferralCode } from '../lib/format';
import { Badge, Button, CheckIcon, Dialog, Field, Input, PlusIcon, showToast, Spinner, Tabs, TabsContent, TabsList, TabsTrigger, TrashIcon } from '../ui';

export const REFERRAL_MESSAGES = {
  required: 'Veuillez remplir tous les champs obligatoires',
  duplicate: 'Ce code de parrainage existe déjà, veuillez en générer un autre',
};

export function AddPartnerDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState({ name: '', email: '', phoneNumber: '', referralCode: '' });
  const [error, setError] = useState<string | null>(null);
  const create = useAdminMutation(adminApi.createPartner, [keys.partners]);
  const submit = async () => {
    setError(null);
    if (!form.name.trim() || !form.email.trim() || !form.referralCode.trim()) return setError(REFERRAL_MESSAGES.required);
    try {
      await create.mutateAsync({ name: form.name.trim(), email: form.email.trim(), phoneNumber: form.phoneNumber.trim() || null, referralCode: form.referralCode.trim(), active: true });
      showToast({ title: 'Partenaire ajouté', variant: 'success' });
      onClose();
    } catch (e) {
      const status = (e as { status?: number }).status;
      setError(status === 409 ? REFERRAL_MESSAGES.duplicate : errorText(e, 'Une erreur est survenue lors de la création du partenaire'));
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Ajouter un partenaire" closeLabel="Fermer">
      <div className="flex flex-col gap-4">
        <Field label="Nom *">
          <Input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </Field>
        <Field label="E-mail *">
          <Input type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </Field>
        <Field label="Téléphone">
          <Input type="tel" value={form.phoneNumber} onChange={(e) => setForm({ ...form, phoneNumber: e.target.value })} />
        </Field>
        <Field label="Code de parrainage *">
          <div className="flex gap-2">
            <Input value={form.referralCode} maxLength={6} onChange={(e) => setForm({ ...form, referralCode: e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, '') })} aria-label="Code de parrainage" />
            <Button variant="outline" onClick={() => setForm({ ...form, referralCode: generateReferralCode() })}>
              Générer
            </Button>
          </div>
        </Field>
        {error && (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <DialogActions action="Ajouter" busy={create.isPending} onConfirm={submit} onClose={onClose} />
      </div>
    </Dialog>
  );
}

function CopyLink({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/auth?lang=fr&sponsorship=${code}`);
      setCopied(true);
      showToast({ title: 'Lien copié', variant: 'success', duration: 2000 });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      showToast({ title: 'Erreur', description: 'Impossible de copier le lien. Veuillez réessayer.', variant: 'destructive' });
    }
  };
  return (
    <Button size="sm" variant="ghost" onClick={copy} aria-label={`Copier le lien de parrainage ${code}`}>
      {copied ? <CheckIcon className="h-4 w-4 text-primary" data-testid="copied" /> : 'Copier le lien'}
    </Button>
  );
}

function PartnersTab() {
  const partners = usePartners();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Partner | null>(null);
  const toggle = useAdminMutation((p: Partner) => adminApi.setPartnerActive(p.id, !p.active), [keys.partners]);
  const del = useAdminMutation((p: Partner) => adminApi.deletePartner(p.id), [keys.partners, keys.commissions]);
  const rows = partners.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setAdding(true)}>
          <PlusIcon className="h-4 w-4" /> Ajouter un partenaire
        </Button>
      </div>
      {partners.isPending && <Spinner label="Chargement des partenaires" />}
      {partners.isError && <LoadError>Erreur lors du chargement des partenaires. Veuillez vous reconnecter ou réessayer.</LoadError>}
      {partners.isSuccess && (
        <DataTable label="Partenaires" head={['Partenaire', 'Code', 'Filleuls', 'Commissions', 'Statut', 'Actions']} empty={rows.length ? null : 'Aucun partenaire pour le moment.'}>
          {rows.map((p) => (
            <tr key={p.id} data-partner={p.referralCode}>
              <Td>
                <div className="font-medium">{p.name}</div>
                <div className="text-xs text-fg-muted">{p.email}</div>
              </Td>
              <Td>
                <div className="flex items-center gap-1">
                  <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-xs">{p.referralCode}</code>
                  <CopyLink code={p.referralCode} />
                </div>
              </Td>
              <Td className="tabular-nums">{p.referralCount}</Td>
              <Td className="tabular-nums">{euros(p.totalCommissions)}</Td>
              <Td>
                <Badge tone={p.active ? 'success' : 'neutral'}>{p.active ? 'Actif' : 'Inactif'}</Badge>
              </Td>
              <Td>
                <div className="flex gap-1">
                  <Button size="sm" variant="outline" busy={toggle.isPending && toggle.variables?.id === p.id} onClick={() => toggle.mutate(p, { onError: (e) => showToast({ title: 'Erreur', description: errorText(e, 'Impossible de modifier le partenaire'), variant: 'destructive' }) })}>
                    {p.active ? 'Désactiver' : 'Activer'}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(p)} aria-label={`Supprimer ${p.name}`}>
                    <TrashIcon className="h-4 w-4 text-danger" />
                  </Button>
                </div>
              </Td>
            </tr>
          ))}
        </DataTable>
      )}
      {adding && <AddPartnerDialog onClose={() => setAdding(false)} />}
      {deleting && (
        <ConfirmDialog
          title="Supprimer le partenaire"
          action="Supprimer"
          danger
          busy={del.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await del.mutateAsync(deleting);
              showToast({ title: 'Partenaire supprimé', variant: 'success' });
              setDeleting(null);
            } catch (e) {
              showToast({ title: 'Erreur', description: errorText(e, 'Une erreur est survenue lors de la suppression du partenaire'), variant: 'destructive' });
            }
          }}
        >
          <p>
            Supprimer <strong>{deleting.name}</strong> ({deleting.referralCode}) et ses commissions ? Cette action est irréversible.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function CommissionsTab() {
  const commissions = useCommissions();
  const pay = useAdminMutation((id: number) => adminApi.markCommissionPaid(id), [keys.commissions, keys.partners]);
  const rows = commissions.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      {commissions.isPending && <Spinner label="Chargement des commissions" />}
      {commissions.isError && <LoadError>Erreur lors du chargement des commissions. Veuillez vous reconnecter ou réessayer.</LoadError>}
      {commissions.isSuccess && (
        <DataTable label="Commissions" head={['Partenaire', 'Utilisateur', 'Montant', 'Forfait', 'Statut', 'Date', 'Actions']} empty={rows.length ? null : 'Aucune commission pour le moment.'}>
          {rows.map((c) => (
            <tr key={c.id}>
              <Td className="font-medium">{c.partnerName}</Td>
              <Td>{c.userName}</Td>
              <Td className="tabular-nums">{euros(c.amount)}</Td>
              <Td>{c.planType === 'yearly' ? 'Annuel' : 'Mensuel'}</Td>
              <Td>{c.status === 'paid' ? <Badge tone="success">Payé</Badge> : c.status === 'pending' ? <Badge tone="warning">En attente</Badge> : <Badge tone="neutral">Annulé</Badge>}</Td>
              <Td className="text-fg-muted">{frDateTime(c.createdAt)}</Td>
              <Td>
                {c.status === 'pending' && (
                  <Button size="sm" variant="outline" busy={pay.isPending && pay.variables === c.id} onClick={() => pay.mutate(c.id, { onError: (e) => showToast({ title: 'Erreur', description: errorText(e, 'Impossible de marquer la commission payée'), variant: 'destructive' }) })}>
                    Marquer payée
                  </Button>
                )}
              </Td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

/** Parrainage (SPEC §2, contract C): partners and commissions from the server. */
export function ReferralsPage() {
  const [tab, setTab] = useState('partners');
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList label="Parrainage" className="mb-4 max-w-sm">
        <TabsTrigger value="partners">Partenaires</TabsTrigger>
        <TabsTrigger value="commissions">Commissions</TabsTrigger>
      </TabsList>
      <TabsContent value="partners">
        <PartnersTab />
      </TabsContent>
      <TabsContent value="commissions">
        <CommissionsTab />
      </TabsContent>
    </Tabs>
  );
}
