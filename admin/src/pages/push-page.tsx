import { useState } from 'react';
import { adminApi, keys, useAdminMutation, useCampaigns } from '../api/admin';
import type { Campaign } from '../api/types';
import { frDateTime } from '../lib/format';
import { Badge, Button, Card, CardBody, CardHeader, CardTitle, Field, Select, showToast, Textarea } from '../ui';

const MAX = 1000;
const AUDIENCES = [
  { value: 'all', label: 'Tous les utilisateurs' },
  { value: 'active', label: 'Utilisateurs actifs' },
  { value: 'premium', label: 'Utilisateurs premium' },
];

function CampaignStatus({ c }: { c: Campaign }) {
  if (c.status === 'pending') return <Badge tone="outline">En attente</Badge>;
  if (c.status === 'in_progress') return <Badge tone="info">En cours</Badge>;
  if (c.status === 'completed') return <Badge tone="success">Terminé</Badge>;
  if (c.status === 'failed') return <Badge tone="danger">Échec</Badge>;
  return <Badge tone="neutral">{c.status}</Badge>;
}

/** Notifications push (SPEC §2, §4): a campaign sent in batches; history refreshed every 5 s. */
export function PushPage() {
  const [message, setMessage] = useState('');
  const [language, setLanguage] = useState('fr');
  const [audience, setAudience] = useState('all');
  const [error, setError] = useState<string | null>(null);
  const campaigns = useCampaigns();
  const send = useAdminMutation(adminApi.createCampaign, [keys.campaigns]);
  const blank = message.trim() === '';
  const submit = async () => {
    setError(null);
    if (blank) return setError('Le message ne peut pas être vide');
    try {
      const res = await send.mutateAsync({ message, language, targetUsers: audience });
      showToast({ title: 'Notification programmée', description: res.message, variant: 'success' });
      setMessage('');
    } catch (e) {
      showToast({ title: 'Erreur', description: (e as { serverMessage?: string }).serverMessage || "Erreur lors de l'envoi de la notification", variant: 'destructive' });
    }
  };
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,28rem)_1fr]">
      <Card>
        <CardHeader>
          <CardTitle>Envoyer une notification</CardTitle>
          <p className="text-sm text-fg-muted">Les messages sont envoyés par lots de 10 toutes les minutes, aux utilisateurs qui n'ont pas répondu STOP ou ARRÊT.</p>
        </CardHeader>
        <CardBody className="flex flex-col gap-4">
          <Field label="Message" error={error} hint={`${message.length}/${MAX}`}>
            <Textarea rows={6} maxLength={MAX} value={message} onChange={(e) => setMessage(e.target.value.slice(0, MAX))} />
          </Field>
          <p className="-mt-2 text-right text-xs tabular-nums text-fg-muted" aria-live="polite">
            {message.length}/{MAX}
          </p>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Langue">
              <Select value={language} onValueChange={setLanguage} options={[{ value: 'fr', label: 'Français' }, { value: 'en', label: 'English' }]} />
            </Field>
            <Field label="Cible">
              <Select value={audience} onValueChange={setAudience} options={AUDIENCES} />
            </Field>
          </div>
          <Button onClick={submit} disabled={blank} busy={send.isPending}>
            Envoyer la notification
          </Button>
        </CardBody>
      </Card>
      <section aria-labelledby="history" className="flex flex-col gap-3">
        <h2 id="history" className="text-lg font-semibold">
          Historique des notifications
        </h2>
        {campaigns.data?.length === 0 && <p className="text-sm text-fg-muted">Aucune notification envoyée pour le moment.</p>}
        {campaigns.data?.map((c) => (
          <Card key={c.id} data-campaign={c.id}>
            <CardBody className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CampaignStatus c={c} />
                <span className="text-xs text-fg-muted">
                  {frDateTime(c.createdAt)} · {c.language === 'en' ? 'English' : 'Français'} · {AUDIENCES.find((a) => a.value === c.targetUsers)?.label} · {c.createdBy}
                </span>
              </div>
              <p className="whitespace-pre-wrap text-sm">{c.message}</p>
              {(c.status === 'in_progress' || c.status === 'pending') && (
                <div className="flex items-center gap-3">
                  <div className="h-2 flex-1 rounded-full bg-surface-muted" role="progressbar" aria-valuenow={c.progress} aria-valuemin={0} aria-valuemax={100} aria-label="Progression">
                    <div className="h-2 rounded-full bg-primary transition-all" style={{ width: `${c.progress}%` }} />
                  </div>
                  <span className="text-xs tabular-nums">{c.progress} %</span>
                </div>
              )}
              <p className="text-xs tabular-nums text-fg-muted" data-counts>
                Envoyés : {c.sentCount} · Échecs : {c.failedCount} · Total : {c.totalUsers}
              </p>
            </CardBody>
          </Card>
        ))}
      </section>
    </div>
  );
}
