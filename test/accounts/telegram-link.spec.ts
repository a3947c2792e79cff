import { AccountsService } from '../../api/accounts/accounts.service';
import { IdentityService } from '../../api/accounts/identity.service';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

describe.each(testDatabases())('linking a Telegram chat to a portal account (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t.close();
    await t.db.drop();
  });

  it('brings the pending reminders of the chat’s bot-made account and removes that empty account', async () => {
    const accounts = t.app.get(AccountsService);
    const { user: shell } = await t.app.get(IdentityService).telegramChat('777001', { language: 'fr' });
    await t.dataSource.query(
      `INSERT INTO reminders (user_id, subject, reminder_text, due_at, timezone, next_attempt_at, status) VALUES
       ($1, 'arroser les plantes', 'arroser les plantes', now() + interval '1 day', 'UTC', now() + interval '1 day', 'pending'),
       ($1, 'vieux rappel', 'vieux rappel', now() - interval '1 day', 'UTC', now() - interval '1 day', 'sent')`,
      [shell.id],
    );
    const { user } = await t.registerUser();
    const linked = await t.app.get(IdentityService).linkTelegramChat(user.id, '777001');
    expect(linked.telegramChatId).toBe('777001');
    const moved = await t.dataSource.query(`SELECT subject FROM reminders WHERE user_id = $1`, [user.id]);
    expect(moved).toEqual([{ subject: 'arroser les plantes' }]);
    expect(await accounts.findById(shell.id)).toBeNull();
  });

  it('only unlinks (never deletes) a real account that held the chat', async () => {
    const accounts = t.app.get(AccountsService);
    const { user: first } = await t.registerUser();
    await t.app.get(IdentityService).linkTelegramChat(first.id, '777002');
    const { user: second } = await t.registerUser();
    await t.app.get(IdentityService).linkTelegramChat(second.id, '777002');
    const stillThere = await accounts.findById(first.id);
    expect(stillThere).not.toBeNull();
    expect(stillThere!.telegramChatId).toBeNull();
  });
});
