import request from 'supertest';
import { createTestApp, TestApp, uniquePhone } from '../support/test-app';
import { testDatabases } from '../support/test-db';

/** Contract C: the referral programme's admin API. */
describe.each(testDatabases())('referral admin API (%s database)', (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof request.agent>;
  let plainUser: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    t = await createTestApp({ db: kind });
    const a = await t.registerUser();
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [a.user.id]);
    // A change of role ends the account's sessions (users role trigger): sign in again as admin.
    await a.agent.post('/api/login').send({ username: a.user.phoneNumber, password: a.password }).expect(200);
    admin = a.agent;
    plainUser = (await t.registerUser()).agent;
  });
  afterAll(async () => {
    await t.close();
    await t.db.drop();
  });

  it('is for administrators only', async () => {
    await t.agent().get('/api/admin/referral/partners').expect(401);
    const res = await plainUser.get('/api/admin/referral/partners').expect(403);
    expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    await plainUser.post('/api/admin/referral/partners').send({ name: 'X', email: 'x@example.com', referralCode: 'ABCDEF' }).expect(403);
    await plainUser.get('/api/admin/referral/commissions').expect(403);
  });

  it('creates partners with the spec\'s messages: required fields, uppercase 6-char codes, duplicates', async () => {
    for (const body of [{ email: 'a@example.com', referralCode: 'AAAAAA' }, { name: 'A', referralCode: 'AAAAAA' }, { name: 'A', email: 'a@example.com' }, { name: '  ', email: 'a@example.com', referralCode: 'AAAAAA' }]) {
      const res = await admin.post('/api/admin/referral/partners').send(body).expect(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Veuillez remplir tous les champs obligatoires' });
    }
    await admin.post('/api/admin/referral/partners').send({ name: 'A', email: 'a@example.com', referralCode: 'AB-12' }).expect(400);
    const created = await admin.post('/api/admin/referral/partners').send({ name: 'Léa Martin', email: 'lea@example.com', phoneNumber: '', referralCode: 'lea001', active: true }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number), name: 'Léa Martin', email: 'lea@example.com', phoneNumber: null, referralCode: 'LEA001', active: true,
      referralCount: 0, totalCommissions: 0, pendingCommissions: 0, createdAt: expect.any(String),
    });
    const dup = await admin.post('/api/admin/referral/partners').send({ name: 'Other', email: 'o@example.com', referralCode: 'LEA001' }).expect(409);
    expect(dup.body.message).toBe('Ce code de parrainage existe déjà, veuillez en générer un autre');
    const list = (await admin.get('/api/admin/referral/partners').expect(200)).body;
    expect(list.map((p: any) => p.referralCode)).toContain('LEA001');
  });

  it('keeps referredBy only for an active partner\'s code, without failing registration', async () => {
    const p = (await admin.post('/api/admin/referral/partners').send({ name: 'Off', email: 'off@example.com', referralCode: 'OFF001' }).expect(201)).body;
    const on = (await admin.post('/api/admin/referral/partners').send({ name: 'On', email: 'on@example.com', referralCode: 'ONN001' }).expect(201)).body;
    const off = await admin.patch(`/api/admin/referral/partners/${p.id}`).send({ active: false }).expect(200);
    expect(off.body.active).toBe(false);
    const register = (referredBy: string) => t.agent().post('/api/register').send({ phoneNumber: uniquePhone(), password: 'correct horse 42', countryCode: '+33', referredBy }).expect(201);
    const codes = async (id: number) => (await t.dataSource.query(`SELECT referred_by FROM users WHERE id = $1`, [id]))[0].referred_by;
    expect(await codes((await register('onn001')).body.id)).toBe('ONN001');
    expect(await codes((await register('OFF001')).body.id)).toBeNull();
    expect(await codes((await register('NOPE42')).body.id)).toBeNull();
    expect(await codes((await register('not a code!')).body.id)).toBeNull();
    const partners = (await admin.get('/api/admin/referral/partners')).body;
    expect(partners.find((x: any) => x.id === on.id).referralCount).toBe(1);
    expect(partners.find((x: any) => x.id === p.id).referralCount).toBe(0);
  });

  it('marks commissions paid, deletes partners with their commissions, 404 on unknown ids', async () => {
    const p = (await admin.post('/api/admin/referral/partners').send({ name: 'Pay', email: 'pay@example.com', referralCode: 'PAY001' }).expect(201)).body;
    const [u] = await t.dataSource.query(`SELECT id FROM users LIMIT 1`);
    const [c] = await t.dataSource.query(
      `INSERT INTO referral_commissions (partner_id, user_id, user_name, invoice_id, amount_cents, amount_paid_cents, plan_type) VALUES ($1, $2, 'someone', 'in_manual_1', 100, 499, 'monthly') RETURNING id`,
      [p.id, u.id],
    );
    const paid = await admin.patch(`/api/admin/referral/commissions/${c.id}`).send({ status: 'paid' }).expect(200);
    expect(paid.body).toMatchObject({ id: c.id, partnerId: p.id, partnerName: 'Pay', userId: u.id, amount: '1.00', status: 'paid', planType: 'monthly' });
    await admin.patch(`/api/admin/referral/commissions/${c.id}`).send({ status: 'cancelled' }).expect(400);
    await admin.patch(`/api/admin/referral/commissions/999999`).send({ status: 'paid' }).expect(404);
    const listed = (await admin.get('/api/admin/referral/partners')).body.find((x: any) => x.id === p.id);
    expect(listed).toMatchObject({ totalCommissions: 1, pendingCommissions: 0 });
    await admin.delete(`/api/admin/referral/partners/${p.id}`).expect(200);
    await admin.delete(`/api/admin/referral/partners/${p.id}`).expect(404);
    await admin.delete(`/api/admin/referral/partners/abc`).expect(404);
    expect((await admin.get('/api/admin/referral/commissions')).body.find((x: any) => x.id === c.id)).toBeUndefined();
  });
});
