import { INTEGRATION_PROVIDERS } from '@app/contracts';
import type { CapturedMail } from '@app/devstack';
import { waitFor } from '@app/testing';
import {
  createAccount,
  createSalesPerson,
  mailsTo as mailsToStack,
  signIn,
  temporaryPasswordIn,
  useTestStack,
  type TestAccount,
  type UserSession,
} from '../support';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

const NEW_PASSWORD = 'Seller-Pass-2026!';
const SALES_PERSON_PERMISSIONS = ['CREATE_SALESMAN', 'READ_SALESMAN', 'UPDATE_SALESMAN', 'DELETE_SALESMAN'];

const person = (name: string, email: string, phone = '+45 20 30 40 50') => ({ name, email, phone });
const ids = (items: Array<{ id: string }>) => items.map((i) => i.id);

describe('sales people and remote integrations through the API', () => {
  const stack = useTestStack({ label: 'salespeople' });
  let admin: UserSession;
  let dealer: TestAccount;
  let asDealer: UserSession;
  let otherDealer: TestAccount;
  let asOtherDealer: UserSession;
  let noPermDealer: TestAccount;
  let asNoPermDealer: UserSession;
  let management: TestAccount;
  let asManagement: UserSession;

  const mailsTo = (email: string, count = 1): Promise<CapturedMail[]> => mailsToStack(stack, email, count);

  async function usersDb<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    const c = new Client({ connectionString: stack.db.url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    const adminAccount = await createAccount(stack, { role: 'Admin' });
    dealer = await createAccount(stack, {
      role: 'Dealership',
      displayName: 'Nordlys Biler',
      permissions: [...SALES_PERSON_PERMISSIONS, 'READ_USER_INTEGRATIONS', 'UPDATE_USER_INTEGRATIONS'],
    });
    // cross-tenant calls are made by callers holding the route's permission: only the ownership check may refuse them
    otherDealer = await createAccount(stack, { role: 'Dealership', permissions: [...SALES_PERSON_PERMISSIONS, 'READ_USER_INTEGRATIONS', 'UPDATE_USER_INTEGRATIONS'] });
    noPermDealer = await createAccount(stack, { role: 'Dealership' });
    management = await createAccount(stack, { role: 'Management', permissions: ['READ_USER_INTEGRATIONS'], children: [dealer.id] });
    [admin, asDealer, asOtherDealer, asNoPermDealer, asManagement] = await Promise.all([
      signIn(stack, adminAccount.email),
      signIn(stack, dealer.email),
      signIn(stack, otherDealer.email),
      signIn(stack, noPermDealer.email),
      signIn(stack, management.email),
    ]);
  });

  describe('adding sales people', () => {
    it('lets a dealership with CREATE_SALESMAN add its own, trimmed and with lower-case e-mails', async () => {
      const res = await asDealer
        .post('/api/salesman')
        .send({ userId: dealer.id, salesMan: [person('  Anna Sales ', 'Anna.Sales@Nordlys.test'), person('Bo Seller', 'bo@nordlys.test', '+45-21-31')] })
        .expect(201);
      expect(res.body).toEqual([
        expect.objectContaining({ userId: dealer.id, name: 'Anna Sales', email: 'anna.sales@nordlys.test', phone: '+45 20 30 40 50', loginActivated: false, userStatus: null }),
        expect.objectContaining({ userId: dealer.id, name: 'Bo Seller', email: 'bo@nordlys.test', phone: '+45-21-31', loginActivated: false }),
      ]);
      const all = await asDealer.get(`/api/salesman/user/${dealer.id}/all`).expect(200);
      expect(all.body.map((s: { name: string }) => s.name)).toEqual(['Anna Sales', 'Bo Seller']);
    });

    it('lets the admin add sales people to any dealership', async () => {
      const res = await admin.post('/api/salesman').send({ userId: otherDealer.id, salesMan: [person('Carl Carlsen', 'carl@other.test')] }).expect(201);
      expect(res.body).toEqual([expect.objectContaining({ userId: otherDealer.id, name: 'Carl Carlsen' })]);
      const seen = await asOtherDealer.get(`/api/salesman/user/${otherDealer.id}/all`).expect(200);
      expect(ids(seen.body)).toEqual(ids(res.body));
    });

    it('refuses a dealership without CREATE_SALESMAN (403) and adds nothing', async () => {
      const res = await asNoPermDealer
        .post('/api/salesman')
        .send({ userId: noPermDealer.id, salesMan: [person('Dan Dane', 'dan@noperm.test')] })
        .expect(403);
      expect(res.body).toEqual({ statusCode: 403, message: 'Missing permission CREATE_SALESMAN' });
      const all = await admin.get(`/api/salesman/user/${noPermDealer.id}/all`).expect(200);
      expect(all.body).toEqual([]);
    });

    it('answers 404 to a dealership adding to another dealership, and adds nothing', async () => {
      const before = await admin.get(`/api/salesman/user/${otherDealer.id}/all`).expect(200);
      const res = await asDealer.post('/api/salesman').send({ userId: otherDealer.id, salesMan: [person('Eve Intruder', 'eve@x.test')] }).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'User not found' });
      const after = await admin.get(`/api/salesman/user/${otherDealer.id}/all`).expect(200);
      expect(ids(after.body)).toEqual(ids(before.body));
    });

    it.each([
      ['a name under 3 characters', person('Al', 'al@x.test'), 'salesMan.0.name must be longer than or equal to 3 characters'],
      ['an e-mail with double dots', person('Alma Dots', 'alma..dots@x.test'), 'salesMan.0.email must be a valid e-mail address'],
      ['an e-mail with double dots in the domain', person('Alma Dots', 'alma@x..test'), 'salesMan.0.email must be a valid e-mail address'],
      ['an e-mail with a space', person('Alma Space', 'alma space@x.test'), 'salesMan.0.email must be a valid e-mail address'],
      ['a phone with letters', person('Finn Phone', 'finn@x.test', '+45 12ab34'), 'salesMan.0.phone may hold only digits, spaces, one leading + and hyphens after a +'],
      ['a hyphen without a leading +', person('Finn Phone', 'finn@x.test', '45-12-34-56'), 'salesMan.0.phone may hold only digits, spaces, one leading + and hyphens after a +'],
      ['a plus that is not leading', person('Finn Phone', 'finn@x.test', '45+12'), 'salesMan.0.phone may hold only digits, spaces, one leading + and hyphens after a +'],
    ])('refuses %s with 400 naming the field', async (_what, input, message) => {
      const res = await asDealer.post('/api/salesman').send({ userId: dealer.id, salesMan: [input] }).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message });
    });

    it('refuses an empty list and a missing phone (400), adding nothing', async () => {
      const before = await asDealer.get(`/api/salesman/user/${dealer.id}/all`).expect(200);
      const empty = await asDealer.post('/api/salesman').send({ userId: dealer.id, salesMan: [] }).expect(400);
      expect(empty.body.message).toBe('salesMan must contain at least 1 elements');
      const noPhone = await asDealer
        .post('/api/salesman')
        .send({ userId: dealer.id, salesMan: [person('Gina Good', 'gina@x.test'), { name: 'Hans Half', email: 'hans@x.test' }] })
        .expect(400);
      expect(noPhone.body.message).toContain('salesMan.1.phone');
      const after = await asDealer.get(`/api/salesman/user/${dealer.id}/all`).expect(200);
      expect(ids(after.body)).toEqual(ids(before.body));
    });

    it('refuses an e-mail the account already has, in any case, or twice in one request (409)', async () => {
      const again = await asDealer.post('/api/salesman').send({ userId: dealer.id, salesMan: [person('Anna Again', 'ANNA.SALES@nordlys.test')] }).expect(409);
      expect(again.body).toEqual({ statusCode: 409, message: 'A sales person with this e-mail already exists for this account' });
      const twice = await asDealer
        .post('/api/salesman')
        .send({ userId: dealer.id, salesMan: [person('Ida One', 'ida@nordlys.test'), person('Ida Two', 'Ida@Nordlys.test')] })
        .expect(409);
      expect(twice.body.message).toBe('A sales person with this e-mail already exists for this account');
      const all = await asDealer.get(`/api/salesman/user/${dealer.id}/all`).expect(200);
      expect(all.body.map((s: { email: string }) => s.email)).not.toContain('ida@nordlys.test');
      // another account may have a sales person with the same e-mail
      const elsewhere = await asOtherDealer.post('/api/salesman').send({ userId: otherDealer.id, salesMan: [person('Anna Twin', 'anna.sales@nordlys.test')] }).expect(201);
      expect(elsewhere.body[0]).toMatchObject({ userId: otherDealer.id, email: 'anna.sales@nordlys.test' });
    });
  });

  it('adds a sales person once when the same request arrives several times at once', async () => {
    const body = { userId: otherDealer.id, salesMan: [person('Double Click', 'double@other.test')] };
    const results = await Promise.all([1, 2, 3, 4].map(() => asOtherDealer.post('/api/salesman').send(body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.message).toBe('A sales person with this e-mail already exists for this account');
    const all = await asOtherDealer.get(`/api/salesman/user/${otherDealer.id}/all`).expect(200);
    expect(all.body.filter((s: { email: string }) => s.email === 'double@other.test')).toHaveLength(1);
  });

  describe('reading sales people', () => {
    let big: TestAccount;
    let created: Array<{ id: string; name: string }>;

    beforeAll(async () => {
      big = await createAccount(stack, { role: 'Dealership', permissions: SALES_PERSON_PERMISSIONS });
      const names = ['Mona', 'Lars', 'Karin', 'Jens', 'Ib', 'Hanne', 'Gorm', 'Frida', 'Erik', 'Dorte', 'Claus', 'Bente'].map((n) => `${n} Seller`);
      created = [];
      // one request each, so that the creation order is the order of the calls
      for (const [i, name] of names.entries()) {
        const res = await admin.post('/api/salesman').send({ userId: big.id, salesMan: [person(name, `seller${i}@big.test`)] }).expect(201);
        created.push(res.body[0]);
      }
    });

    it('pages 10 at a time in the order they were added, clamping a page beyond the last', async () => {
      const p1 = await admin.get(`/api/salesman/user/${big.id}`).expect(200);
      expect(p1.body).toMatchObject({ total: 12, page: 1, pageSize: 10 });
      expect(ids(p1.body.items)).toEqual(ids(created.slice(0, 10)));
      const p2 = await admin.get(`/api/salesman/user/${big.id}?page=2`).expect(200);
      expect(p2.body).toMatchObject({ total: 12, page: 2 });
      expect(ids(p2.body.items)).toEqual(ids(created.slice(10)));
      const beyond = await admin.get(`/api/salesman/user/${big.id}?page=5`).expect(200);
      expect(beyond.body).toMatchObject({ total: 12, page: 2 });
      expect(ids(beyond.body.items)).toEqual(ids(created.slice(10)));
      const bad = await admin.get(`/api/salesman/user/${big.id}?page=0`).expect(400);
      expect(bad.body.message).toBe('page must not be less than 1');
    });

    it('lists them all by name for pickers', async () => {
      const all = await admin.get(`/api/salesman/user/${big.id}/all`).expect(200);
      expect(all.body).toHaveLength(12);
      expect(all.body.map((s: { name: string }) => s.name)).toEqual(created.map((s) => s.name).sort());
    });

    it('shows them to management of the account, not to another dealership', async () => {
      const asParent = await asManagement.get(`/api/salesman/user/${dealer.id}/all`).expect(200);
      expect(asParent.body.map((s: { name: string }) => s.name)).toEqual(['Anna Sales', 'Bo Seller']);

      const page = await asOtherDealer.get(`/api/salesman/user/${big.id}`).expect(404);
      expect(page.body).toEqual({ statusCode: 404, message: 'User not found' });
      const all = await asOtherDealer.get(`/api/salesman/user/${big.id}/all`).expect(404);
      expect(all.body.message).toBe('User not found');
      const one = await asOtherDealer.get(`/api/salesman/${created[0].id}`).expect(404);
      expect(one.body).toEqual({ statusCode: 404, message: 'Sales person not found' });
      const mine = await admin.get(`/api/salesman/${created[0].id}`).expect(200);
      expect(mine.body).toMatchObject({ id: created[0].id, name: 'Mona Seller', userId: big.id });
    });
  });

  describe('changing and removing sales people', () => {
    let sp: { id: string };
    let foreign: { id: string };

    beforeAll(async () => {
      [sp] = (await asDealer.post('/api/salesman').send({ userId: dealer.id, salesMan: [person('Jonas Editable', 'jonas@nordlys.test')] }).expect(201)).body;
      foreign = await createSalesPerson(stack, otherDealer.id, { name: 'Foreign Seller' });
    });

    it('lets the dealership change its own sales person', async () => {
      const res = await asDealer.put(`/api/salesman/${sp.id}`).send({ name: 'Jonas Edited', phone: '+45 70 80 90 00', email: 'Jonas.E@Nordlys.test' }).expect(200);
      expect(res.body).toMatchObject({ id: sp.id, name: 'Jonas Edited', phone: '+45 70 80 90 00', email: 'jonas.e@nordlys.test' });
      const read = await asDealer.get(`/api/salesman/${sp.id}`).expect(200);
      expect(read.body).toMatchObject({ name: 'Jonas Edited', email: 'jonas.e@nordlys.test' });
    });

    it('refuses a change to another sales person\'s e-mail (409) or a bad field (400)', async () => {
      const taken = await asDealer.put(`/api/salesman/${sp.id}`).send({ email: 'bo@nordlys.test' }).expect(409);
      expect(taken.body.message).toBe('A sales person with this e-mail already exists for this account');
      const bad = await asDealer.put(`/api/salesman/${sp.id}`).send({ phone: 'call me' }).expect(400);
      expect(bad.body.message).toBe('phone may hold only digits, spaces, one leading + and hyphens after a +');
      const nulled = await asDealer.put(`/api/salesman/${sp.id}`).send({ name: null }).expect(400);
      expect(nulled.body.message).toContain('name must be a string');
      const read = await asDealer.get(`/api/salesman/${sp.id}`).expect(200);
      expect(read.body).toMatchObject({ name: 'Jonas Edited', email: 'jonas.e@nordlys.test', phone: '+45 70 80 90 00' });
    });

    it('answers "Sales person not found" for another tenant\'s sales person, and changes nothing', async () => {
      const put = await asDealer.put(`/api/salesman/${foreign.id}`).send({ name: 'Hijacked' }).expect(404);
      expect(put.body).toEqual({ statusCode: 404, message: 'Sales person not found' });
      const del = await asDealer.delete(`/api/salesman/${foreign.id}`).expect(404);
      expect(del.body).toEqual({ statusCode: 404, message: 'Sales person not found' });
      const read = await admin.get(`/api/salesman/${foreign.id}`).expect(200);
      expect(read.body.name).toBe('Foreign Seller');
    });

    it('refuses changes without the UPDATE_SALESMAN and DELETE_SALESMAN permissions (403)', async () => {
      const own = await createSalesPerson(stack, noPermDealer.id, { name: 'Locked Seller' });
      const put = await asNoPermDealer.put(`/api/salesman/${own.id}`).send({ name: 'Changed' }).expect(403);
      expect(put.body.message).toBe('Missing permission UPDATE_SALESMAN');
      const del = await asNoPermDealer.delete(`/api/salesman/${own.id}`).expect(403);
      expect(del.body.message).toBe('Missing permission DELETE_SALESMAN');
      const read = await asNoPermDealer.get(`/api/salesman/${own.id}`).expect(200);
      expect(read.body.name).toBe('Locked Seller');
    });

    it('removes a sales person', async () => {
      const res = await asDealer.delete(`/api/salesman/${sp.id}`).expect(200);
      expect(res.body).toEqual({ deleted: true });
      const gone = await asDealer.get(`/api/salesman/${sp.id}`).expect(404);
      expect(gone.body.message).toBe('Sales person not found');
      const all = await asDealer.get(`/api/salesman/user/${dealer.id}/all`).expect(200);
      expect(ids(all.body)).not.toContain(sp.id);
    });
  });

  describe('sales person logins', () => {
    it('an admin activates a login; the sales person signs in as itself for the dealership', async () => {
      const [sp] = (await asDealer.post('/api/salesman').send({ userId: dealer.id, salesMan: [person('Lise Login', 'lise@nordlys.test')] }).expect(201)).body;

      const refused = await asDealer.put(`/api/salesman/${sp.id}/activate`).expect(403);
      expect(refused.body.message).toBe('You do not have permission to do this.');

      const activated = await admin.put(`/api/salesman/${sp.id}/activate`).expect(200);
      expect(activated.body).toMatchObject({ id: sp.id, loginActivated: true, userStatus: 'FORCE_CHANGE_PASSWORD' });
      const twice = await admin.put(`/api/salesman/${sp.id}/activate`).expect(409);
      expect(twice.body.message).toBe('This sales person already has a login');

      const [mail] = await mailsTo('lise@nordlys.test');
      expect(mail.subject).toBe('Your sales person login');
      expect(mail.text).toContain('Nordlys Biler');
      const temporary = temporaryPasswordIn(mail.text);

      const challenge = await stack.http().post('/api/auth/login').send({ email: 'lise@nordlys.test', password: temporary }).expect(200);
      expect(challenge.body).toEqual({ challenge: 'NEW_PASSWORD_REQUIRED', session: expect.any(String) });
      const done = await stack.http().post('/api/auth/new-password').send({ session: challenge.body.session, newPassword: NEW_PASSWORD }).expect(200);
      expect(done.body.accessToken).toEqual(expect.any(String));
      const bearer = `Bearer ${done.body.accessToken}`;

      const me = await stack.http().get('/api/me').set('authorization', bearer).expect(200);
      expect(me.body).toMatchObject({
        id: dealer.id,
        displayName: 'Nordlys Biler',
        userRole: 'Dealership',
        loggedInSalesPersonInfo: { id: sp.id, name: 'Lise Login', email: 'lise@nordlys.test' },
      });

      // a sales person may not manage the account's sales people, even with the dealership's permissions
      const create = await stack
        .http()
        .post('/api/salesman')
        .set('authorization', bearer)
        .send({ userId: dealer.id, salesMan: [person('Sneaky Seller', 'sneaky@nordlys.test')] })
        .expect(403);
      expect(create.body.message).toBe('You do not have permission to do this.');
      const edit = await stack.http().put(`/api/users/${dealer.id}`).set('authorization', bearer).send({ displayName: 'Mine' }).expect(403);
      expect(edit.body.message).toBe('You do not have permission to do this.');
      const all = await asDealer.get(`/api/salesman/user/${dealer.id}/all`).expect(200);
      expect(all.body.map((s: { email: string }) => s.email)).not.toContain('sneaky@nordlys.test');
      expect(all.body.find((s: { id: string }) => s.id === sp.id)).toMatchObject({ loginActivated: true, userStatus: 'CONFIRMED' });

      // removing the sales person ends its session
      await asDealer.delete(`/api/salesman/${sp.id}`).expect(200);
      const after = await stack.http().get('/api/me').set('authorization', bearer).expect(401);
      expect(after.body.message).toBe('Unauthorized');
    });

    it('mails a new temporary password on request, until the sales person has chosen its own', async () => {
      const [sp] = (await admin.post('/api/salesman').send({ userId: dealer.id, salesMan: [person('Rasmus Resend', 'rasmus@nordlys.test')] }).expect(201)).body;
      const notYet = await admin.put(`/api/salesman/${sp.id}/resend-password`).expect(400);
      expect(notYet.body.message).toBe('This sales person has no login yet: activate it first');

      await admin.put(`/api/salesman/${sp.id}/activate`).expect(200);
      const first = temporaryPasswordIn((await mailsTo('rasmus@nordlys.test', 1))[0].text);
      const resent = await admin.put(`/api/salesman/${sp.id}/resend-password`).expect(200);
      expect(resent.body).toEqual({ sent: true });
      const second = temporaryPasswordIn((await mailsTo('rasmus@nordlys.test', 2))[1].text);
      expect(second).not.toBe(first);

      const old = await stack.http().post('/api/auth/login').send({ email: 'rasmus@nordlys.test', password: first }).expect(401);
      expect(old.body.message).toBe('Incorrect username or password.');
      const challenge = await stack.http().post('/api/auth/login').send({ email: 'rasmus@nordlys.test', password: second }).expect(200);
      expect(challenge.body.challenge).toBe('NEW_PASSWORD_REQUIRED');
      await stack.http().post('/api/auth/new-password').send({ session: challenge.body.session, newPassword: NEW_PASSWORD }).expect(200);

      const confirmed = await admin.put(`/api/salesman/${sp.id}/resend-password`).expect(400);
      expect(confirmed.body.message).toBe('This sales person has already chosen a password');
    });

    it('refuses a login on an e-mail that already signs in elsewhere (409)', async () => {
      const [sp] = (await admin.post('/api/salesman').send({ userId: dealer.id, salesMan: [person('Clash Seller', otherDealer.email)] }).expect(201)).body;
      const res = await admin.put(`/api/salesman/${sp.id}/activate`).expect(409);
      expect(res.body).toEqual({ statusCode: 409, message: 'This e-mail is already used by another login' });
      const read = await admin.get(`/api/salesman/${sp.id}`).expect(200);
      expect(read.body.loginActivated).toBe(false);
      expect(await stack.mails(otherDealer.email)).toHaveLength(0);
    });
  });

  describe('remote integrations', () => {
    const PLAIN = 'Ftp-Plain-Secret-42';
    let integrationId: string;

    const storedSecret = (id: string) =>
      usersDb(async (c) => (await c.query('SELECT password_encrypted FROM users.remote_integration WHERE id = $1', [id])).rows[0]?.password_encrypted as string | null);

    it('lists the providers an integration can be added for', async () => {
      const res = await asDealer.get('/api/remote-integration/providers').expect(200);
      expect(res.body).toHaveLength(INTEGRATION_PROVIDERS.length);
      expect(res.body).toHaveLength(19);
      expect(res.body).toContainEqual({ provider: 'AZURE_BLOB', label: 'Azure Blob Storage', integrationType: 'BLOB' });
      expect(res.body).toContainEqual({ provider: 'GENERIC_FTP', label: 'FTP server', integrationType: 'FTP' });
    });

    it('is added by the admin with credentials; the password is sealed at rest and never returned', async () => {
      const res = await admin
        .post('/api/remote-integration')
        .send({ provider: 'GENERIC_FTP', isActive: true, userId: dealer.id, Username: ' ftp-user ', Password: PLAIN })
        .expect(201);
      integrationId = res.body.id;
      expect(res.body).toMatchObject({
        userId: dealer.id,
        provider: 'GENERIC_FTP',
        label: 'FTP server',
        integrationType: 'FTP',
        isActive: true,
        Username: 'ftp-user',
        hasPassword: true,
      });
      expect(res.body).not.toHaveProperty('Password');
      expect(res.body).not.toHaveProperty('passwordEncrypted');
      expect(JSON.stringify(res.body)).not.toContain(PLAIN);

      const stored = await storedSecret(integrationId);
      expect(stored).toMatch(/^v1\./);
      expect(stored).not.toContain(PLAIN);
      expect(stored).not.toContain(Buffer.from(PLAIN).toString('base64'));
    });

    it('refuses the same provider twice for one account (409)', async () => {
      const res = await admin.post('/api/remote-integration').send({ provider: 'GENERIC_FTP', isActive: false, userId: dealer.id }).expect(409);
      expect(res.body).toEqual({ statusCode: 409, message: 'This provider is already added to the account' });
      const list = await admin.get(`/api/remote-integration/user/${dealer.id}`).expect(200);
      expect(list.body.filter((i: { provider: string }) => i.provider === 'GENERIC_FTP')).toHaveLength(1);
      const unknown = await admin.post('/api/remote-integration').send({ provider: 'NOPE', isActive: true, userId: dealer.id }).expect(400);
      expect(unknown.body.message).toContain('provider must be one of the following values');
    });

    it('adds a provider once when the same request arrives several times at once', async () => {
      const body = { provider: 'LEASING_PORTAL', isActive: true, userId: otherDealer.id };
      const results = await Promise.all([1, 2, 3, 4].map(() => admin.post('/api/remote-integration').send(body)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      for (const r of results.filter((r) => r.status === 409)) expect(r.body.message).toBe('This provider is already added to the account');
      const list = await admin.get(`/api/remote-integration/user/${otherDealer.id}`).expect(200);
      expect(list.body.filter((i: { provider: string }) => i.provider === 'LEASING_PORTAL')).toHaveLength(1);
    });

    it('keeps the stored password when a change sends an empty one, and toggles isActive', async () => {
      const before = await storedSecret(integrationId);
      const off = await admin.put(`/api/remote-integration/${integrationId}`).send({ isActive: false, Username: 'ftp-user', Password: '' }).expect(200);
      expect(off.body).toMatchObject({ id: integrationId, isActive: false, Username: 'ftp-user', hasPassword: true });
      expect(off.body).not.toHaveProperty('Password');
      expect(await storedSecret(integrationId)).toBe(before);

      const on = await admin.put(`/api/remote-integration/${integrationId}`).send({ isActive: true }).expect(200);
      expect(on.body).toMatchObject({ isActive: true, hasPassword: true });

      const changed = await admin.put(`/api/remote-integration/${integrationId}`).send({ Password: 'Another-Secret-7' }).expect(200);
      expect(changed.body.hasPassword).toBe(true);
      const after = await storedSecret(integrationId);
      expect(after).not.toBe(before);
      expect(after).not.toContain('Another-Secret-7');

      const bad = await admin.put(`/api/remote-integration/${integrationId}`).send({ isActive: null }).expect(400);
      expect(bad.body.message).toBe('isActive must be a boolean value');
    });

    it('is read by a dealership with READ_USER_INTEGRATIONS for itself, and by its management', async () => {
      const own = await asDealer.get(`/api/remote-integration/user/${dealer.id}`).expect(200);
      expect(own.body).toEqual([expect.objectContaining({ id: integrationId, provider: 'GENERIC_FTP', isActive: true, hasPassword: true })]);
      expect(JSON.stringify(own.body)).not.toContain(PLAIN);
      const parent = await asManagement.get(`/api/remote-integration/user/${dealer.id}`).expect(200);
      expect(ids(parent.body)).toEqual([integrationId]);
    });

    it('is not read for another account (404) nor without the permission (403)', async () => {
      const other = await asOtherDealer.get(`/api/remote-integration/user/${dealer.id}`).expect(404);
      expect(other.body).toEqual({ statusCode: 404, message: 'User not found' });
      const noPerm = await asNoPermDealer.get(`/api/remote-integration/user/${noPermDealer.id}`).expect(403);
      expect(noPerm.body).toEqual({ statusCode: 403, message: 'Missing permission READ_USER_INTEGRATIONS' });
    });

    it('lets a dealership with UPDATE_USER_INTEGRATIONS add its own without credentials, not with them', async () => {
      const withSecret = await asDealer
        .post('/api/remote-integration')
        .send({ provider: 'AZURE_BLOB', isActive: true, userId: dealer.id, Username: 'blob', Password: 'Blob-Secret-1' })
        .expect(403);
      expect(withSecret.body.message).toBe('You may not change integration credentials');
      const plain = await asDealer.post('/api/remote-integration').send({ provider: 'AZURE_BLOB', isActive: true, userId: dealer.id }).expect(201);
      expect(plain.body).toMatchObject({ provider: 'AZURE_BLOB', integrationType: 'BLOB', Username: null, hasPassword: false });
      const toggled = await asDealer.put(`/api/remote-integration/${plain.body.id}`).send({ isActive: false }).expect(200);
      expect(toggled.body.isActive).toBe(false);
      const foreign = await asDealer.post('/api/remote-integration').send({ provider: 'AZURE_BLOB', isActive: true, userId: otherDealer.id }).expect(404);
      expect(foreign.body.message).toBe('User not found');
      const denied = await asNoPermDealer.post('/api/remote-integration').send({ provider: 'S3_BUCKET', isActive: true, userId: noPermDealer.id }).expect(403);
      expect(denied.body.message).toBe('Missing permission UPDATE_USER_INTEGRATIONS');
    });

    it('lets a dealership toggle an integration while sending back its unchanged credentials, but not change them', async () => {
      const dms = await admin
        .post('/api/remote-integration')
        .send({ provider: 'DMS_REST_API', isActive: true, userId: dealer.id, Username: 'dms-user', Password: 'Dms-Secret-9' })
        .expect(201);
      const before = await storedSecret(dms.body.id);
      // the edit form sends the integration back as it was shown, with an empty password
      const toggled = await asDealer.put(`/api/remote-integration/${dms.body.id}`).send({ isActive: false, Username: 'dms-user', Password: '' }).expect(200);
      expect(toggled.body).toMatchObject({ isActive: false, Username: 'dms-user', hasPassword: true });
      expect(await storedSecret(dms.body.id)).toBe(before);

      const rename = await asDealer.put(`/api/remote-integration/${dms.body.id}`).send({ isActive: true, Username: 'someone-else' }).expect(403);
      expect(rename.body).toEqual({ statusCode: 403, message: 'You may not change integration credentials' });
      const secret = await asDealer.put(`/api/remote-integration/${dms.body.id}`).send({ Password: 'Dealer-Secret-1' }).expect(403);
      expect(secret.body.message).toBe('You may not change integration credentials');
      const list = await asDealer.get(`/api/remote-integration/user/${dealer.id}`).expect(200);
      expect(list.body.find((i: { id: string }) => i.id === dms.body.id)).toMatchObject({ isActive: false, Username: 'dms-user' });
      expect(await storedSecret(dms.body.id)).toBe(before);
    });

    it('is removed', async () => {
      // another dealership holding UPDATE_USER_INTEGRATIONS: the integration does not exist for it
      const otherTenant = await asOtherDealer.delete(`/api/remote-integration/${integrationId}`).expect(404);
      expect(otherTenant.body.message).toBe('Integration not found');
      const res = await admin.delete(`/api/remote-integration/${integrationId}`).expect(200);
      expect(res.body).toEqual({ deleted: true });
      const list = await admin.get(`/api/remote-integration/user/${dealer.id}`).expect(200);
      expect(ids(list.body)).not.toContain(integrationId);
      expect(await storedSecret(integrationId)).toBeUndefined();
      const again = await admin.delete(`/api/remote-integration/${integrationId}`).expect(404);
      expect(again.body).toEqual({ statusCode: 404, message: 'Integration not found' });
    });

    it('answers "Integration not found" to a dealership changing another account\'s integration', async () => {
      const foreign = await admin.post('/api/remote-integration').send({ provider: 'DEALER_FTP', isActive: true, userId: otherDealer.id }).expect(201);
      const res = await asDealer.put(`/api/remote-integration/${foreign.body.id}`).send({ isActive: false }).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'Integration not found' });
      const del = await asDealer.delete(`/api/remote-integration/${foreign.body.id}`).expect(404);
      expect(del.body.message).toBe('Integration not found');
      const list = await admin.get(`/api/remote-integration/user/${otherDealer.id}`).expect(200);
      expect(list.body.find((i: { id: string }) => i.id === foreign.body.id)).toMatchObject({ provider: 'DEALER_FTP', isActive: true });
    });
  });

  it('keeps a random id unknown everywhere (404)', async () => {
    const id = randomUUID();
    expect((await admin.get(`/api/salesman/${id}`).expect(404)).body.message).toBe('Sales person not found');
    expect((await admin.put(`/api/remote-integration/${id}`).send({ isActive: true }).expect(404)).body.message).toBe('Integration not found');
  });
});
