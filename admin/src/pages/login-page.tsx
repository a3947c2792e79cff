import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Redirect, useLocation } from 'wouter';
import { adminApi, keys, useMe } from '../api/admin';
import { Button, Card, CardBody, Field, Input, LogoMark, PageSpinner, showToast } from '../ui';

const isStaff = (role?: string) => role === 'admin' || role === 'support';

/** /admin/login (SPEC §2, §4, §8): staff go on to /admin; anyone else is told "Accès refusé" and signed out. */
export function LoginPage() {
  const me = useMe();
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});

  if (me.isPending) return <PageSpinner label="Chargement…" />;
  if (me.data && isStaff(me.data.role)) return <Redirect to="/" />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = { username: username.trim() ? undefined : 'Requis', password: password ? undefined : 'Requis' };
    setErrors(problems);
    if (problems.username || problems.password) return;
    setBusy(true);
    try {
      const user = await adminApi.login(username.trim(), password);
      if (!isStaff(user.role)) {
        await adminApi.logout().catch(() => undefined);
        qc.setQueryData(keys.me, null);
        showToast({ title: 'Accès refusé', description: "Ce compte n'a pas de privilèges administratifs.", variant: 'destructive' });
        return;
      }
      qc.setQueryData(keys.me, user);
      showToast({ title: 'Connexion réussie', variant: 'success', duration: 3000 });
      navigate(user.role === 'support' ? '/conversations' : '/');
    } catch (err) {
      const msg = (err as { serverMessage?: string | null }).serverMessage;
      showToast({ title: 'Erreur de connexion', description: msg || 'Login failed', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-screen items-center justify-center bg-bg p-4">
      <Card className="w-full max-w-sm">
        <CardBody className="flex flex-col gap-6">
          <div className="flex flex-col items-center gap-3 text-center">
            <LogoMark className="h-12 w-12" />
            <div>
              <h1 className="text-2xl font-bold tracking-tight">Administration</h1>
              <p className="text-sm text-fg-muted">Connectez-vous avec votre compte administrateur.</p>
            </div>
          </div>
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <Field label="Nom d'utilisateur" error={errors.username}>
              <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" name="username" />
            </Field>
            <Field label="Mot de passe" error={errors.password}>
              <Input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" name="password" />
            </Field>
            <Button type="submit" busy={busy} className="w-full">
              Se connecter
            </Button>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
