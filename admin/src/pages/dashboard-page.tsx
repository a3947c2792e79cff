import { useState } from 'react';
import { useStats } from '../api/admin';
import { Card, CardBody, CardHeader, CardTitle, Spinner, Tabs, TabsList, TabsTrigger } from '../ui';

const RANGES = [
  { value: 'today', label: "Aujourd'hui" },
  { value: 'week', label: 'Semaine' },
  { value: 'month', label: 'Mois' },
  { value: 'year', label: 'Année' },
];

function StatCard({ label, value, line }: { label: string; value: number; line?: string }) {
  return (
    <Card>
      <CardBody className="flex flex-col gap-1">
        <p className="text-sm font-medium text-fg-muted">{label}</p>
        <p className="text-3xl font-bold tabular-nums">{value.toLocaleString('fr-FR')}</p>
        {line && <p className="text-xs text-fg-muted">{line}</p>}
      </CardBody>
    </Card>
  );
}

function BarList({ title, rows, total }: { title: string; rows: Array<{ label: string; count: number }>; total: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardBody className="flex flex-col gap-3">
        {rows.map((r) => {
          const share = total ? Math.round((r.count / total) * 100) : 0;
          return (
            <div key={r.label} className="flex flex-col gap-1">
              <div className="flex justify-between text-sm">
                <span className="font-medium">{r.label}</span>
                <span className="tabular-nums text-fg-muted">{r.count.toLocaleString('fr-FR')}</span>
              </div>
              <div className="h-2 rounded-full bg-surface-muted" role="meter" aria-label={r.label} aria-valuenow={share} aria-valuemin={0} aria-valuemax={100}>
                <div className="h-2 rounded-full bg-primary" style={{ width: `${share}%` }} />
              </div>
            </div>
          );
        })}
      </CardBody>
    </Card>
  );
}

/** Tableau de bord (SPEC §2): active = wrote to the bot or had a reminder delivered in the range. */
export function DashboardPage() {
  const [range, setRange] = useState('week');
  const stats = useStats(range);
  const s = stats.data;
  return (
    <div className="flex flex-col gap-6">
      <Tabs value={range} onValueChange={setRange}>
        <TabsList label="Période" className="max-w-md">
          {RANGES.map((r) => (
            <TabsTrigger key={r.value} value={r.value}>
              {r.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {stats.isError && (
        <p role="alert" className="rounded-xl bg-danger-soft p-4 text-sm text-danger-soft-fg">
          Impossible de charger les statistiques du tableau de bord
        </p>
      )}
      {!s && stats.isPending && <Spinner label="Chargement des statistiques" />}
      {s && (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard label="Utilisateurs" value={s.totalUsers} line={`${s.activeUsers.toLocaleString('fr-FR')} actifs sur la période`} />
            <StatCard label="Nouveaux utilisateurs" value={s.newUsers} />
            <StatCard label="Rappels en attente" value={s.pendingReminders} line={`${s.completedReminders.toLocaleString('fr-FR')} rappels envoyés`} />
            <StatCard label="Total des rappels" value={s.totalReminders} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <BarList
              title="Utilisateurs par forfait"
              total={s.totalUsers}
              rows={[
                { label: 'Premium', count: s.premiumUsers },
                { label: 'Standard', count: s.standardUsers },
                { label: 'Basic', count: s.basicUsers },
                { label: 'Gratuit', count: s.freeUsers },
              ]}
            />
            <BarList
              title="Rappels par statut"
              total={s.totalReminders}
              rows={[
                { label: 'En attente', count: s.pendingReminders },
                { label: 'Envoyés', count: s.completedReminders },
              ]}
            />
          </div>
          <p className="text-xs text-fg-muted">
            « Actifs » : utilisateurs qui ont écrit au bot ou reçu un rappel depuis le début de la période (jour, semaine, mois ou année en cours, heure de Paris).
          </p>
        </>
      )}
    </div>
  );
}
