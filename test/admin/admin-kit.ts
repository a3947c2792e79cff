import request from 'supertest';
import { AccountsService } from '../../api/accounts/accounts.service';
import type { TestApp } from '../support/test-app';

export type Agent = ReturnType<typeof request.agent>;

/** Signed-in agents for each kind of caller of the back-office. */
export async function staffAgents(t: TestApp): Promise<{ anonymous: Agent; user: Agent; support: Agent; admin: Agent; adminId: number; supportId: number }> {
  const accounts = t.app.get(AccountsService);
  const suffix = Math.random().toString(36).slice(2, 8);
  const a = await accounts.ensureStaff(`chief_${suffix}`, 'chief-password-1', 'admin');
  const s = await accounts.ensureStaff(`helper_${suffix}`, 'helper-password-1', 'support');
  const login = async (username: string, password: string) => {
    const agent = t.agent();
    await agent.post('/api/login').send({ username, password }).expect(200);
    return agent;
  };
  const { agent: user } = await t.registerUser();
  return {
    anonymous: t.agent(),
    user,
    support: await login(`helper_${suffix}`, 'helper-password-1'),
    admin: await login(`chief_${suffix}`, 'chief-password-1'),
    adminId: a.user.id,
    supportId: s.user.id,
  };
}
