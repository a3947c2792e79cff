import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useMe } from '../api/admin';
import type { Me, Role } from '../api/types';
import { PageSpinner } from '../ui';

/**
 * The admin route guard (SPEC §4): a spinner while loading; anonymous → /auth; not staff → /;
 * staff whose role may not open this screen → the first screen they may open.
 */
export function RequireStaff({ roles, children }: { roles: Role[]; children: (me: Me) => ReactNode }) {
  const me = useMe();
  const leave = me.isSuccess && (!me.data || (me.data.role !== 'admin' && me.data.role !== 'support'));
  useEffect(() => {
    if (!leave) return;
    // /auth and / are the portal's pages, outside this app.
    window.location.assign(me.data ? '/' : '/auth');
  }, [leave, me.data]);
  if (me.isPending || leave) return <PageSpinner label="Chargement…" />;
  if (me.isError) return <p className="p-8 text-danger">Impossible de vérifier la session. Rechargez la page.</p>;
  const user = me.data!;
  if (!roles.includes(user.role)) return <Redirect to={user.role === 'support' ? '/conversations' : '/'} />;
  return <>{children(user)}</>;
}
