import { useEffect } from 'react';
import { useCurrentUserQuery } from '../api/user';
import { setCurrentUser } from '../state/session';

/** Mirrors GET /api/user into the session signal that guards and headers read. */
export function SessionSync() {
  const { data, isError } = useCurrentUserQuery();
  useEffect(() => {
    if (data !== undefined) setCurrentUser(data);
    else if (isError) setCurrentUser(null);
  }, [data, isError]);
  return null;
}
