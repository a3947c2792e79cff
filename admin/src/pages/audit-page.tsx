import { useState } from 'react';
import { useAudit } from '../api/admin';
import { SearchableTable } from '../components/searchable-table';
import { Td } from '../components/table';
import { frDateTime } from '../lib/format';
import { Badge } from '../ui';

export const ACTION_LABELS: Record<string, string> = {
  'user.update': 'Utilisateur modifié',
  'user.delete': 'Utilisateur supprimé',
  'reminder.update': 'Rappel modifié',
  'reminder.trigger': 'Rappel déclenché',
  'reminder.delete': 'Rappel supprimé',
  'partner.create': 'Partenaire ajouté',
  'partner.state': 'Partenaire activé/désactivé',
  'partner.delete': 'Partenaire supprimé',
  'commission.paid': 'Commission payée',
  'campaign.create': 'Notification programmée',
  'conversation.reply': 'Réponse du support',
};

function Changes({ changes }: { changes: Record<string, unknown> | null }) {
  if (!changes) return <span className="text-fg-muted">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-xs">
      {Object.entries(changes).map(([k, v]) => {
        const fromTo = v && typeof v === 'object' && 'to' in (v as object) ? (v as { from?: unknown; to: unknown }) : null;
        return (
          <li key={k} className="max-w-[28rem] truncate">
            <span className="font-medium">{k}</span> :{' '}
            {fromTo ? (
              <>
                {'from' in fromTo && <span className="text-fg-muted line-through">{String(fromTo.from ?? '∅')}</span>} → {String(fromTo.to ?? '∅')}
              </>
            ) : (
              String(typeof v === 'object' ? JSON.stringify(v) : v)
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Journal (admin only): every change made by staff. */
export function AuditPage() {
  const [q, setQ] = useState('');
  const audit = useAudit(q);
  return (
    <SearchableTable
      query={audit}
      onSearch={setQ}
      searchPlaceholder="Filtrer par membre de l'équipe, action ou cible"
      searchLabel="Filtrer le journal"
      loadingLabel="Chargement du journal"
      errorText="Impossible de charger le journal"
      label="Journal"
      head={['Date', 'Membre', 'Action', 'Cible', 'Changements']}
      empty="Aucune action enregistrée."
    >
      {(rows) =>
        rows.map((e) => (
          <tr key={e.id}>
            <Td className="text-fg-muted">{frDateTime(e.createdAt)}</Td>
            <Td>
              {e.actorName} <Badge tone={e.actorRole === 'admin' ? 'success' : 'info'}>{e.actorRole}</Badge>
            </Td>
            <Td>{ACTION_LABELS[e.action] ?? e.action}</Td>
            <Td className="tabular-nums">
              {e.targetType} {e.targetId ? `#${e.targetId}` : ''}
            </Td>
            <Td className="whitespace-normal">
              <Changes changes={e.changes} />
            </Td>
          </tr>
        ))
      }
    </SearchableTable>
  );
}
