import { STREAMS } from '@app/contracts';
import type { CapturedMail } from '@app/devstack';
import { connectNats, decodeJson } from '@app/messaging';
import { testInfra, waitFor } from '@app/testing';
import {
  createAccount,
  createSalesPerson,
  mailsTo as mailsToStack,
  signIn,
  temporaryPasswordIn,
  TEST_PASSWORD,
  useTestStack,
  type TestAccount,
  type UserSession,
} from '../support';
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';

/** A new password that meets the product's rule. */
const NEW_PASSWORD = 'Chosen-Pass-2026!';

/** The account form as the admin fills it in. */
function accountForm(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email,
    displayName: 'Fjord Cars',
    address: { country: 'Denmark', city: 'Aalborg', postalCode: '9000', address: 'Havnegade 1', companyId: 'DK12345678' },
    contactPerson: { name: 'Mette Jensen', email: 'mette@fjord.test', phoneNumber: '+45 11 22 33 44', title: 'Owner' },
    subscriptionPrice: 499,
    ...overrides,
  };
}

describe('accounts, child accounts and permissions through the API', () => {
  const stack = useTestStack({ label: 'accounts' });
  let nc: NatsConnection;
  let adminAccount: TestAccount;
  let admin: UserSession;
  let qa: UserSession;
  let dealerA: TestAccount;
  let dealerB: TestAccount;
  let dealerC: TestAccount;
  let asDealerA: UserSession;
  let management: TestAccount;
  let asManagement: UserSession;

  /** the mails to one address, waiting until there are at least `count` */
  const mailsTo = (email: string, count = 1): Promise<CapturedMail[]> => mailsToStack(stack, email, count);

  beforeAll(async () => {
    nc = await connectNats(testInfra.natsUrl, 'accounts-test-observer');
    adminAccount = await createAccount(stack, { role: 'Admin', displayName: 'Head Office' });
    const qaAccount = await createAccount(stack, { role: 'QA', roleTags: ['QA_EDITOR'] });
    dealerA = await createAccount(stack, { role: 'Dealership', displayName: 'Alpha Motors' });
    dealerB = await createAccount(stack, { role: 'Dealership', displayName: 'Bravo Biler' });
    dealerC = await createAccount(stack, { role: 'Dealership', displayName: 'Charlie Cars', country: 'Hungary' });
    management = await createAccount(stack, { role: 'Management', displayName: 'Group Holding', children: [dealerA.id, dealerB.id] });
    [admin, qa, asDealerA, asManagement] = await Promise.all([
      signIn(stack, adminAccount.email),
      signIn(stack, qaAccount.email),
      signIn(stack, dealerA.email),
      signIn(stack, management.email),
    ]);
  });

  afterAll(async () => {
    await nc?.close();
  });

  describe('creating an account', () => {
    it('e-mails a temporary password that must be replaced at the first sign-in', async () => {
      const email = `new.dealer.${randomUUID().slice(0, 6)}@example.test`;
      const created = await admin.post('/api/users/createAccountWithoutCognito').send(accountForm(email.toUpperCase())).expect(201);
      expect(created.body).toMatchObject({
        email,
        displayName: 'Fjord Cars',
        userRole: 'Dealership',
        language: 'en',
        currency: 'EUR',
        minimumZoomValue: 1,
        mobileAppAccess: false,
        subscriptionPrice: 499,
        userStatus: 'FORCE_CHANGE_PASSWORD',
        address: { country: 'Denmark', city: 'Aalborg', postalCode: '9000', address: 'Havnegade 1', companyId: 'DK12345678' },
        contactPerson: { name: 'Mette Jensen', email: 'mette@fjord.test', phoneNumber: '+45 11 22 33 44', title: 'Owner' },
      });

      const [mail] = await mailsTo(email);
      expect(mail.subject).toBe('Your account is ready');
      expect(mail.text).toContain(email);
      const temporary = temporaryPasswordIn(mail.text);

      const challenge = await stack.http().post('/api/auth/login').send({ email, password: temporary }).expect(200);
      expect(challenge.body).toEqual({ challenge: 'NEW_PASSWORD_REQUIRED', session: expect.any(String) });
      expect(challenge.body.accessToken).toBeUndefined();

      const done = await stack
        .http()
        .post('/api/auth/new-password')
        .send({ session: challenge.body.session, newPassword: NEW_PASSWORD })
        .expect(200);
      expect(done.body.accessToken).toEqual(expect.any(String));
      expect(done.body.user).toMatchObject({ id: created.body.id, email, userStatus: 'CONFIRMED' });

      const me = await stack.http().get('/api/me').set('authorization', `Bearer ${done.body.accessToken}`).expect(200);
      expect(me.body).toMatchObject({ id: created.body.id, displayName: 'Fjord Cars', loggedInSalesPersonInfo: null });

      // the temporary password is spent; the chosen one signs in directly
      const old = await stack.http().post('/api/auth/login').send({ email, password: temporary }).expect(401);
      expect(old.body.message).toBe('Incorrect username or password.');
      const again = await signIn(stack, email, NEW_PASSWORD);
      expect(again.user.id).toBe(created.body.id);
    });

    it('refuses an e-mail that is already an account or a sales person\'s login, whatever its case (409)', async () => {
      const res = await admin.post('/api/users/createAccountWithoutCognito').send(accountForm(dealerB.email.toUpperCase())).expect(409);
      expect(res.body).toEqual({ statusCode: 409, message: 'An account with this e-mail already exists' });
      const salesPerson = await createSalesPerson(stack, dealerB.id, { login: true });
      const clash = await admin.post('/api/users/createAccountWithoutCognito').send(accountForm(salesPerson.email)).expect(409);
      expect(clash.body).toEqual({ statusCode: 409, message: 'An account with this e-mail already exists' });
      expect(await stack.mails(salesPerson.email)).toHaveLength(0);
    });

    it('creates one account when the same form is sent several times at once (a double click)', async () => {
      const email = `double.${randomUUID().slice(0, 6)}@example.test`;
      const results = await Promise.all([1, 2, 3, 4].map(() => admin.post('/api/users/createAccountWithoutCognito').send(accountForm(email))));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      for (const r of results.filter((r) => r.status === 409)) expect(r.body.message).toBe('An account with this e-mail already exists');
      const list = await admin.get(`/api/users?search=${encodeURIComponent(email)}`).expect(200);
      expect(list.body.total).toBe(1);
      expect(await mailsTo(email)).toHaveLength(1);
    });

    it('names the field that is wrong and creates nothing', async () => {
      const email = `invalid.${randomUUID().slice(0, 6)}@example.test`;
      const noContactEmail = accountForm(email, { contactPerson: { name: 'Mette', phoneNumber: '+45 11 22 33 44', title: 'Owner' } });
      const r1 = await admin.post('/api/users/createAccountWithoutCognito').send(noContactEmail).expect(400);
      expect(r1.body.message).toContain('contactPerson.email must be an email');

      const r2 = await admin.post('/api/users/createAccountWithoutCognito').send(accountForm(email, { minimumZoomValue: 0.55 })).expect(400);
      expect(r2.body.message).toBe('minimumZoomValue must be between 0.5 and 2 in steps of 0.1');

      const r3 = await admin.post('/api/users/createAccountWithoutCognito').send(accountForm(email, { minimumZoomValue: 3 })).expect(400);
      expect(r3.body.message).toBe('minimumZoomValue must not be greater than 2');

      const r4 = await admin.post('/api/users/createAccountWithoutCognito').send(accountForm(email, { currency: 'euro' })).expect(400);
      expect(r4.body.message).toBe('currency must be a 3-letter code');

      const r5 = await admin.post('/api/users/createAccountWithoutCognito').send(accountForm(email, { address: { city: 'Aalborg' } })).expect(400);
      expect(r5.body.message).toContain('address.country must be');

      const list = await admin.get(`/api/users?search=${encodeURIComponent(email)}`).expect(200);
      expect(list.body.total).toBe(0);
      expect(await stack.mails(email)).toHaveLength(0);
    });

    it('accepts a zoom on the 0.1 grid within 0.5 to 2, and a chosen role and language', async () => {
      const email = `zoom.${randomUUID().slice(0, 6)}@example.test`;
      const res = await admin
        .post('/api/users/createAccountWithoutCognito')
        .send(accountForm(email, { minimumZoomValue: 0.7, userRole: 'Management', language: 'dk', currency: 'DKK' }))
        .expect(201);
      expect(res.body).toMatchObject({ minimumZoomValue: 0.7, userRole: 'Management', language: 'dk', currency: 'DKK' });
      const [mail] = await mailsTo(email);
      expect(mail.subject).toBe('Din konto er klar');

      const qaEmail = `editor.${randomUUID().slice(0, 6)}@example.test`;
      const editor = await admin
        .post('/api/users/createAccountWithoutCognito')
        .send(accountForm(qaEmail, { userRole: 'QA', roleTags: ['QA_EDITOR', 'QA_EDITOR'] }))
        .expect(201);
      expect(editor.body).toMatchObject({ userRole: 'QA', roleTags: ['QA_EDITOR'] });
      const badTag = await admin
        .post('/api/users/createAccountWithoutCognito')
        .send(accountForm(`tag.${randomUUID().slice(0, 6)}@example.test`, { userRole: 'QA', roleTags: ['QA_BOSS'] }))
        .expect(400);
      expect(badTag.body.message).toBe('each value in roleTags must be one of the following values: QA_EDITOR, QA_COORDINATOR');
    });

    it('is the admin\'s alone (403 for the others)', async () => {
      const email = `forbidden.${randomUUID().slice(0, 6)}@example.test`;
      for (const who of [qa, asDealerA, asManagement]) {
        const res = await who.post('/api/users/createAccountWithoutCognito').send(accountForm(email)).expect(403);
        expect(res.body.message).toBe('You do not have permission to do this.');
      }
    });
  });

  describe('listing accounts', () => {
    const token = `zulu${randomUUID().slice(0, 6)}`;
    let listed: TestAccount[];

    beforeAll(async () => {
      listed = [];
      // one after another: newest first is the reverse of this order
      for (let i = 1; i <= 12; i++) {
        listed.push(
          await createAccount(stack, {
            role: i === 12 ? 'QA' : 'Dealership',
            displayName: `${token} dealer ${String(i).padStart(2, '0')}`,
            country: i % 4 === 0 ? 'Hungary' : 'Denmark',
          }),
        );
      }
    });

    it('gives the admin 10 a page, newest first, and clamps a page beyond the last', async () => {
      const p1 = await admin.get(`/api/users?search=${token}`).expect(200);
      expect(p1.body).toMatchObject({ total: 12, page: 1, pageSize: 10 });
      expect(p1.body.items.map((u: { id: string }) => u.id)).toEqual(listed.slice(2).reverse().map((a) => a.id));

      const p2 = await admin.get(`/api/users?search=${token}&page=2`).expect(200);
      expect(p2.body).toMatchObject({ total: 12, page: 2 });
      expect(p2.body.items.map((u: { id: string }) => u.id)).toEqual([listed[1].id, listed[0].id]);

      const beyond = await admin.get(`/api/users?search=${token}&page=7`).expect(200);
      expect(beyond.body).toMatchObject({ total: 12, page: 2 });
      expect(beyond.body.items).toHaveLength(2);
    });

    it('filters by search, country and role together', async () => {
      const hungary = await admin.get(`/api/users?search=${token}&country=hungary`).expect(200);
      expect(hungary.body.items.map((u: { id: string }) => u.id).sort()).toEqual([listed[3].id, listed[7].id, listed[11].id].sort());

      const qaOnly = await admin.get(`/api/users?search=${token}&userRole=QA`).expect(200);
      expect(qaOnly.body.items.map((u: { id: string }) => u.id)).toEqual([listed[11].id]);

      const dealersInHungary = await admin.get(`/api/users?search=${token}&country=Hungary&userRole=Dealership`).expect(200);
      expect(dealersInHungary.body.items.map((u: { id: string }) => u.id).sort()).toEqual([listed[3].id, listed[7].id].sort());

      const byEmail = await admin.get(`/api/users?search=${encodeURIComponent(listed[4].email)}`).expect(200);
      expect(byEmail.body.items.map((u: { id: string }) => u.id)).toEqual([listed[4].id]);

      // LIKE wildcards are taken literally
      const wildcard = await admin.get('/api/users?search=%25').expect(200);
      expect(wildcard.body.total).toBe(0);

      const bad = await admin.get('/api/users?userRole=Owner').expect(400);
      expect(bad.body.message).toContain('userRole must be one of the following values');
    });

    it('shows a dealership only itself', async () => {
      const res = await asDealerA.get('/api/users').expect(200);
      expect(res.body).toMatchObject({ total: 1, page: 1 });
      expect(res.body.items.map((u: { id: string }) => u.id)).toEqual([dealerA.id]);
      const search = await asDealerA.get(`/api/users?search=${token}`).expect(200);
      expect(search.body.total).toBe(0);
    });

    it('shows management itself and its child accounts', async () => {
      const res = await asManagement.get('/api/users').expect(200);
      expect(res.body.total).toBe(3);
      expect(res.body.items.map((u: { id: string }) => u.id).sort()).toEqual([management.id, dealerA.id, dealerB.id].sort());
    });

    it('shows QA the dealership accounts, as the admin sees them with the role filter', async () => {
      const [asAdmin, asQa] = await Promise.all([
        admin.get('/api/users?userRole=Dealership').expect(200),
        qa.get('/api/users').expect(200),
      ]);
      expect(asQa.body.total).toBe(asAdmin.body.total);
      expect(asQa.body.total).toBeGreaterThanOrEqual(3);
      expect(asQa.body.items.map((u: { id: string }) => u.id)).toEqual(asAdmin.body.items.map((u: { id: string }) => u.id));
    });
  });

  describe('reading one account', () => {
    it('answers 404 to a dealership or management for an account of another tenant', async () => {
      const r1 = await asDealerA.get(`/api/users/${dealerB.id}`).expect(404);
      expect(r1.body).toEqual({ statusCode: 404, message: 'User not found' });
      const r2 = await asManagement.get(`/api/users/${dealerC.id}`).expect(404);
      expect(r2.body).toEqual({ statusCode: 404, message: 'User not found' });
      const child = await asManagement.get(`/api/users/${dealerB.id}`).expect(200);
      expect(child.body).toMatchObject({ id: dealerB.id, displayName: 'Bravo Biler' });
    });

    it('shows the delete-confirmation hash to the admin only', async () => {
      const asAdmin = await admin.get(`/api/users/${dealerA.id}`).expect(200);
      expect(asAdmin.body.deleteConfirmationHash).toMatch(/^[0-9A-F]{8}$/);
      const self = await asDealerA.get(`/api/users/${dealerA.id}`).expect(200);
      expect(self.body).toMatchObject({ id: dealerA.id, displayName: 'Alpha Motors' });
      expect(self.body).not.toHaveProperty('deleteConfirmationHash');
      const asQa = await qa.get(`/api/users/${dealerA.id}`).expect(200);
      expect(asQa.body).not.toHaveProperty('deleteConfirmationHash');
      // nor in the account that comes with a sign-in
      expect(asDealerA.user).toMatchObject({ id: dealerA.id, email: dealerA.email });
      expect(asDealerA.user).not.toHaveProperty('deleteConfirmationHash');
      expect(admin.user).not.toHaveProperty('deleteConfirmationHash');
    });

    it('answers 400 naming a malformed id, 404 for an unknown one', async () => {
      const bad = await admin.get('/api/users/not-a-uuid').expect(400);
      expect(bad.body.message).toBe('id must be a UUID');
      const unknown = await admin.get(`/api/users/${randomUUID()}`).expect(404);
      expect(unknown.body.message).toBe('User not found');
    });
  });

  describe('changing an account', () => {
    it('lets a dealership change its own language, name, address and contact person', async () => {
      const own = await createAccount(stack, { role: 'Dealership', displayName: 'Delta Auto' });
      const session = await signIn(stack, own.email);
      const res = await session
        .put(`/api/users/${own.id}`)
        .send({ language: 'de', displayName: 'Delta Automobile', address: { city: 'Vejle', postalCode: '7100' }, contactPerson: { name: 'Karl', phoneNumber: '+45 99 88 77 66' } })
        .expect(200);
      expect(res.body).toMatchObject({
        language: 'de',
        displayName: 'Delta Automobile',
        address: { country: 'Denmark', city: 'Vejle', postalCode: '7100' },
        contactPerson: { name: 'Karl', email: own.email, phoneNumber: '+45 99 88 77 66' },
      });
      const me = await session.get('/api/me').expect(200);
      expect(me.body).toMatchObject({ language: 'de', displayName: 'Delta Automobile', address: { city: 'Vejle' } });
    });

    it('refuses admin-only fields to a dealership with 403 naming them, and changes nothing', async () => {
      const res = await asDealerA
        .put(`/api/users/${dealerA.id}`)
        .send({ displayName: 'Sneaky', userRole: 'Admin', subscriptionPrice: 0, minimumZoomValue: 2 })
        .expect(403);
      expect(res.body).toEqual({ statusCode: 403, message: 'Only an admin may change: userRole, subscriptionPrice, minimumZoomValue' });
      const after = await admin.get(`/api/users/${dealerA.id}`).expect(200);
      expect(after.body).toMatchObject({ displayName: 'Alpha Motors', userRole: 'Dealership' });
    });

    it('answers 404 to a dealership changing another account', async () => {
      const res = await asDealerA.put(`/api/users/${dealerB.id}`).send({ displayName: 'Mine now' }).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'User not found' });
      const after = await admin.get(`/api/users/${dealerB.id}`).expect(200);
      expect(after.body.displayName).toBe('Bravo Biler');
    });

    it('lets the admin change everything, and the new role applies at once', async () => {
      const target = await createAccount(stack, { role: 'Dealership' });
      const session = await signIn(stack, target.email);
      const email = `renamed.${randomUUID().slice(0, 6)}@example.test`;
      // every field the admin may change, each answered back as it was sent
      const change = {
        email,
        userRole: 'QA',
        roleTags: ['QA_COORDINATOR'],
        currency: 'HUF',
        subscriptionPrice: 1234.5,
        mobileAppAccess: true,
        minimumZoomValue: 1.5,
        enabled_qa: true,
        desaturateYellowLight: true,
        language: 'fr',
      };
      const res = await admin.put(`/api/users/${target.id}`).send(change).expect(200);
      expect(res.body).toMatchObject(change);
      // now QA: the whole list, not only itself
      const list = await session.get('/api/users').expect(200);
      expect(list.body.total).toBeGreaterThan(1);
      const signedIn = await signIn(stack, email);
      expect(signedIn.user.id).toBe(target.id);

      const taken = await admin.put(`/api/users/${target.id}`).send({ email: dealerB.email }).expect(409);
      expect(taken.body.message).toBe('An account with this e-mail already exists');
    });

    it('lets QA edit a dealership\'s base fields but not the admin-only ones', async () => {
      const ok = await qa.put(`/api/users/${dealerC.id}`).send({ address: { city: 'Debrecen' }, contactPerson: { title: 'CEO' } }).expect(200);
      expect(ok.body).toMatchObject({ address: { country: 'Hungary', city: 'Debrecen' }, contactPerson: { title: 'CEO' } });

      const refused = await qa.put(`/api/users/${dealerC.id}`).send({ enabled_qa: true, mobileAppAccess: true }).expect(403);
      expect(refused.body.message).toBe('Only an admin may change: mobileAppAccess, enabled_qa');

      const onAdmin = await qa.put(`/api/users/${adminAccount.id}`).send({ displayName: 'Not yours' }).expect(403);
      expect(onAdmin.body.message).toBe('You do not have permission to do this.');
    });

    it('names invalid fields in a change (400)', async () => {
      const res = await admin.put(`/api/users/${dealerB.id}`).send({ language: 'xx', minimumZoomValue: 0.4 }).expect(400);
      expect(res.body.message).toContain('language must be one of the following values');
      expect(res.body.message).toContain('minimumZoomValue must not be less than 0.5');
      const offGrid = await admin.put(`/api/users/${dealerB.id}`).send({ minimumZoomValue: 1.25 }).expect(400);
      expect(offGrid.body.message).toBe('minimumZoomValue must be between 0.5 and 2 in steps of 0.1');
      const unknown = await admin.put(`/api/users/${dealerB.id}`).send({ permissions: ['CREATE_ORDERS'] }).expect(400);
      expect(unknown.body.message).toBe('property permissions should not exist');
    });

    it('refuses null for a field that must have a value (400 naming it, not a 500)', async () => {
      const name = await asDealerA.put(`/api/users/${dealerA.id}`).send({ displayName: null }).expect(400);
      expect(name.body.message).toContain('displayName must be a string');
      const city = await asDealerA.put(`/api/users/${dealerA.id}`).send({ address: { city: null } }).expect(400);
      expect(city.body.message).toContain('address.city must be a string');
      const language = await admin.put(`/api/users/${dealerA.id}`).send({ language: null }).expect(400);
      expect(language.body.message).toContain('language must be one of the following values');
      const role = await admin.put(`/api/users/${dealerA.id}`).send({ userRole: null }).expect(400);
      expect(role.body.message).toContain('userRole must be one of the following values');
      const after = await admin.get(`/api/users/${dealerA.id}`).expect(200);
      expect(after.body).toMatchObject({ displayName: 'Alpha Motors', language: 'en', userRole: 'Dealership' });
      // the price is the one field an admin may clear
      await admin.put(`/api/users/${dealerA.id}`).send({ subscriptionPrice: 99 }).expect(200);
      const cleared = await admin.put(`/api/users/${dealerA.id}`).send({ subscriptionPrice: null }).expect(200);
      expect(cleared.body.subscriptionPrice).toBeNull();
    });
  });

  describe('child accounts', () => {
    let group: TestAccount;

    beforeAll(async () => {
      group = await createAccount(stack, { role: 'Management', displayName: 'Nordic Group' });
    });

    it('are set by the admin on a Management account and seen by it at once', async () => {
      const res = await admin.put(`/api/users/childAccounts/${group.id}`).send({ childAccounts: [dealerC.id, dealerB.id] }).expect(200);
      expect(res.body).toEqual([
        { id: dealerB.id, displayName: 'Bravo Biler', email: dealerB.email, userRole: 'Dealership', country: 'Denmark' },
        { id: dealerC.id, displayName: expect.any(String), email: dealerC.email, userRole: 'Dealership', country: 'Hungary' },
      ]);
      const asGroup = await signIn(stack, group.email);
      const list = await asGroup.get('/api/users').expect(200);
      expect(list.body.items.map((u: { id: string }) => u.id).sort()).toEqual([group.id, dealerB.id, dealerC.id].sort());
      const view = await admin.get(`/api/users/${group.id}`).expect(200);
      expect([...view.body.childAccounts].sort()).toEqual([dealerB.id, dealerC.id].sort());

      // replacing the list drops the old ones
      await admin.put(`/api/users/childAccounts/${group.id}`).send({ childAccounts: [dealerC.id] }).expect(200);
      const after = await asGroup.get(`/api/users/${dealerB.id}`).expect(404);
      expect(after.body.message).toBe('User not found');
    });

    it('can only be set on a Management account (400)', async () => {
      const res = await admin.put(`/api/users/childAccounts/${dealerA.id}`).send({ childAccounts: [dealerB.id] }).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'Child accounts can only be set on a Management account' });
      const view = await admin.get(`/api/users/${dealerA.id}`).expect(200);
      expect(view.body.childAccounts).toEqual([]);
    });

    it('refuses unknown ids (400) and keeps the list', async () => {
      await admin.put(`/api/users/childAccounts/${group.id}`).send({ childAccounts: [dealerC.id] }).expect(200);
      const unknown = randomUUID();
      const res = await admin.put(`/api/users/childAccounts/${group.id}`).send({ childAccounts: [dealerA.id, unknown] }).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: `Unknown accounts: ${unknown}` });
      const self = await admin.put(`/api/users/childAccounts/${group.id}`).send({ childAccounts: [group.id] }).expect(400);
      expect(self.body.message).toBe('An account cannot be its own child account');
      const view = await admin.get(`/api/users/${group.id}`).expect(200);
      expect(view.body.childAccounts).toEqual([dealerC.id]);
    });

    it('are listed 10 a page, by name', async () => {
      const big = await createAccount(stack, { role: 'Management', displayName: 'Big Group' });
      const kids: TestAccount[] = [];
      for (const n of [11, 3, 7, 1, 9, 5, 2, 10, 4, 8, 6]) {
        kids.push(await createAccount(stack, { role: 'Dealership', displayName: `Kid ${String(n).padStart(2, '0')}` }));
      }
      await admin.put(`/api/users/childAccounts/${big.id}`).send({ childAccounts: kids.map((k) => k.id) }).expect(200);
      const names = (items: Array<{ displayName: string }>) => items.map((i) => i.displayName);
      const p1 = await admin.get(`/api/users/childAccounts/${big.id}/1`).expect(200);
      expect(p1.body).toMatchObject({ total: 11, page: 1, pageSize: 10 });
      expect(names(p1.body.items)).toEqual(['Kid 01', 'Kid 02', 'Kid 03', 'Kid 04', 'Kid 05', 'Kid 06', 'Kid 07', 'Kid 08', 'Kid 09', 'Kid 10']);
      const p2 = await admin.get(`/api/users/childAccounts/${big.id}/2`).expect(200);
      expect(p2.body).toMatchObject({ total: 11, page: 2 });
      expect(names(p2.body.items)).toEqual(['Kid 11']);
      const data = await admin.get(`/api/users/get-child-accounts-data-by-user-id/${big.id}`).expect(200);
      expect(data.body).toHaveLength(11);

      // a management account that stops being one loses its child accounts
      const demoted = await admin.put(`/api/users/${big.id}`).send({ userRole: 'Dealership' }).expect(200);
      expect(demoted.body).toMatchObject({ userRole: 'Dealership', childAccounts: [] });
      const none = await admin.get(`/api/users/childAccounts/${big.id}/1`).expect(200);
      expect(none.body).toMatchObject({ total: 0, page: 1, items: [] });
    });

    it('are the admin\'s to set (403 for management itself)', async () => {
      const res = await asManagement.put(`/api/users/childAccounts/${management.id}`).send({ childAccounts: [dealerC.id] }).expect(403);
      expect(res.body.message).toBe('You do not have permission to do this.');
    });

    it('are listed 10 a page and with their data, to whoever may read the parent', async () => {
      const page = await asManagement.get(`/api/users/childAccounts/${management.id}/1`).expect(200);
      expect(page.body).toMatchObject({ total: 2, page: 1, pageSize: 10 });
      expect(page.body.items.map((c: { displayName: string }) => c.displayName)).toEqual(['Alpha Motors', 'Bravo Biler']);

      const beyond = await admin.get(`/api/users/childAccounts/${management.id}/9`).expect(200);
      expect(beyond.body).toMatchObject({ total: 2, page: 1 });

      const badPage = await admin.get(`/api/users/childAccounts/${management.id}/0`).expect(400);
      expect(badPage.body.message).toBe('page must be a whole number of at least 1');

      const data = await asManagement.get(`/api/users/get-child-accounts-data-by-user-id/${management.id}`).expect(200);
      expect(data.body.map((u: { id: string }) => u.id).sort()).toEqual([dealerA.id, dealerB.id].sort());
      expect(data.body[0]).toHaveProperty('contactPerson');
      expect(data.body[0]).not.toHaveProperty('deleteConfirmationHash');

      const other = await asDealerA.get(`/api/users/childAccounts/${management.id}/1`).expect(404);
      expect(other.body.message).toBe('User not found');
      const otherData = await asDealerA.get(`/api/users/get-child-accounts-data-by-user-id/${management.id}`).expect(404);
      expect(otherData.body.message).toBe('User not found');
    });
  });

  describe('permissions', () => {
    let permissionList: Array<{ id: string; name: string; group: string }>;

    beforeAll(async () => {
      permissionList = (await admin.get('/api/permissions').expect(200)).body;
    });

    const idsOf = (...names: string[]) => names.map((n) => permissionList.find((p) => p.name === n)!.id);

    it('lists the 49 permissions with their groups, to the admin', async () => {
      expect(permissionList).toHaveLength(49);
      expect(new Set(permissionList.map((p) => p.name)).size).toBe(49);
      expect(permissionList).toContainEqual({ id: expect.any(String), name: 'CREATE_ORDERS', group: 'orders' });
      expect(permissionList).toContainEqual({ id: expect.any(String), name: 'READ_USER_INTEGRATIONS', group: 'integrations' });
      expect(permissionList).toContainEqual({ id: expect.any(String), name: 'DELETE_QUEUE_MESSAGES', group: 'settings' });
      const res = await asDealerA.get('/api/permissions').expect(403);
      expect(res.body.message).toBe('You do not have permission to do this.');
    });

    it('sets a user\'s permissions, which its signed-in session sees at once', async () => {
      const target = await createAccount(stack, { role: 'Dealership', permissions: ['READ_USER_EVENTS'] });
      const session = await signIn(stack, target.email);
      expect(session.user.permissions).toEqual(['READ_USER_EVENTS']);

      const set = await admin.put(`/api/permissions/user/${target.id}`).send({ permissions: idsOf('CREATE_ORDERS', 'READ_USER_STATISTICS') }).expect(200);
      expect(set.body.map((p: { name: string }) => p.name).sort()).toEqual(['CREATE_ORDERS', 'READ_USER_STATISTICS']);

      const me = await session.get('/api/me').expect(200);
      expect([...me.body.permissions].sort()).toEqual(['CREATE_ORDERS', 'READ_USER_STATISTICS']);

      const read = await session.get(`/api/permissions/get-permissions-for-user-by-user-id/${target.id}`).expect(200);
      expect(read.body.map((p: { name: string }) => p.name).sort()).toEqual(['CREATE_ORDERS', 'READ_USER_STATISTICS']);

      await admin.put(`/api/permissions/user/${target.id}`).send({ permissions: [] }).expect(200);
      const cleared = await session.get('/api/me').expect(200);
      expect(cleared.body.permissions).toEqual([]);
    });

    it('replaces the set one grant after the other when two arrive at once', async () => {
      const target = await createAccount(stack, { role: 'Dealership' });
      const a = idsOf('CREATE_ORDERS', 'READ_ORDERS', 'UPDATE_ORDERS');
      const b = idsOf('READ_USER_EVENTS', 'READ_USER_STATISTICS', 'READ_ORDERS');
      const results = await Promise.all([a, b, a, b].map((permissions) => admin.put(`/api/permissions/user/${target.id}`).send({ permissions })));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const held = (await admin.get(`/api/permissions/get-permissions-for-user-by-user-id/${target.id}`).expect(200)).body.map((p: { id: string }) => p.id).sort();
      expect([[...a].sort(), [...b].sort()]).toContainEqual(held);
    });

    it('refuses unknown permission ids (400), non-admins (403), and other tenants\' permissions (404)', async () => {
      const unknown = randomUUID();
      const bad = await admin.put(`/api/permissions/user/${dealerB.id}`).send({ permissions: [unknown] }).expect(400);
      expect(bad.body.message).toBe(`Unknown permissions: ${unknown}`);

      const notAdmin = await asDealerA.put(`/api/permissions/user/${dealerA.id}`).send({ permissions: idsOf('CREATE_ORDERS') }).expect(403);
      expect(notAdmin.body.message).toBe('You do not have permission to do this.');
      const me = await asDealerA.get('/api/me').expect(200);
      expect(me.body.permissions).toEqual([]);

      const other = await asDealerA.get(`/api/permissions/get-permissions-for-user-by-user-id/${dealerB.id}`).expect(404);
      expect(other.body.message).toBe('User not found');
      const unknownUser = await admin.put(`/api/permissions/user/${randomUUID()}`).send({ permissions: [] }).expect(404);
      expect(unknownUser.body.message).toBe('User not found');
    });
  });

  describe('resending the temporary password', () => {
    it('mails a new one that replaces the old, for an account that has not chosen its own', async () => {
      const email = `resend.${randomUUID().slice(0, 6)}@example.test`;
      await admin.post('/api/users/createAccountWithoutCognito').send(accountForm(email)).expect(201);
      const first = temporaryPasswordIn((await mailsTo(email, 1))[0].text);

      const res = await admin.post('/api/users/resend-temporary-password').send({ email: ` ${email.toUpperCase()} ` }).expect(200);
      expect(res.body).toEqual({ sent: true });
      const mails = await mailsTo(email, 2);
      const second = temporaryPasswordIn(mails[1].text);
      expect(second).not.toBe(first);

      const old = await stack.http().post('/api/auth/login').send({ email, password: first }).expect(401);
      expect(old.body.message).toBe('Incorrect username or password.');
      const challenge = await stack.http().post('/api/auth/login').send({ email, password: second }).expect(200);
      expect(challenge.body.challenge).toBe('NEW_PASSWORD_REQUIRED');
    });

    it('refuses a confirmed account (400), an unknown e-mail (404) and non-admins (403)', async () => {
      const confirmed = await admin.post('/api/users/resend-temporary-password').send({ email: dealerA.email }).expect(400);
      expect(confirmed.body).toEqual({ statusCode: 400, message: 'This account has already chosen its password' });
      const unknown = await admin.post('/api/users/resend-temporary-password').send({ email: 'nobody@example.test' }).expect(404);
      expect(unknown.body.message).toBe('User not found');
      const forbidden = await asDealerA.post('/api/users/resend-temporary-password').send({ email: dealerA.email }).expect(403);
      expect(forbidden.body.message).toBe('You do not have permission to do this.');
      // the confirmed account still signs in with its own password
      await signIn(stack, dealerA.email, TEST_PASSWORD);
    });
  });

  describe('deleting an account', () => {
    it('needs the account\'s hash, then removes it with its sales people and sessions and announces it', async () => {
      const doomed = await createAccount(stack, { role: 'Dealership', displayName: 'Doomed Dealer' });
      const sp = await createSalesPerson(stack, doomed.id, { name: 'Soon Gone', login: true });
      const session = await signIn(stack, doomed.email);
      const spSession = await signIn(stack, sp.email);
      expect(spSession.user.loggedInSalesPersonInfo).toMatchObject({ id: sp.id, name: 'Soon Gone' });
      const { deleteConfirmationHash } = (await admin.get(`/api/users/${doomed.id}`).expect(200)).body;

      const wrong = await admin.post('/api/users/delete-user-account').send({ userId: doomed.id, hash: 'ABCDEF12' }).expect(400);
      expect(wrong.body).toEqual({ statusCode: 400, message: 'The confirmation hash does not match this account' });
      await admin.get(`/api/users/${doomed.id}`).expect(200);
      await session.get('/api/me').expect(200);

      const ok = await admin.post('/api/users/delete-user-account').send({ userId: doomed.id, hash: deleteConfirmationHash }).expect(200);
      expect(ok.body).toEqual({ deleted: true });

      const gone = await admin.get(`/api/users/${doomed.id}`).expect(404);
      expect(gone.body.message).toBe('User not found');
      const spGone = await admin.get(`/api/salesman/${sp.id}`).expect(404);
      expect(spGone.body.message).toBe('Sales person not found');
      const oldToken = await session.get('/api/me').expect(401);
      expect(oldToken.body.message).toBe('Unauthorized');
      const spToken = await spSession.get('/api/me').expect(401);
      expect(spToken.body.message).toBe('Unauthorized');
      const refresh = await stack.http().post('/api/auth/refresh').send({ refreshToken: session.refreshToken }).expect(401);
      expect(refresh.body.message).toBe('Your session cannot be refreshed. Please log in again');
      const login = await stack.http().post('/api/auth/login').send({ email: doomed.email, password: TEST_PASSWORD }).expect(401);
      expect(login.body.message).toBe('Incorrect username or password.');

      const jsm = await nc.jetstreamManager();
      const stream = stack.ns.namespace.stream(STREAMS.EVENTS.name);
      const subject = stack.ns.namespace.subject('evt.users.account-deleted');
      const event = await waitFor(async () => {
        const msg = await jsm.streams.getMessage(stream, { last_by_subj: subject });
        const payload = decodeJson<{ userId: string }>(msg.data);
        return payload.userId === doomed.id ? payload : null;
      }, 'the account-deleted event');
      expect(event).toEqual({ userId: doomed.id });
    });

    it('does not let the admin delete itself', async () => {
      const { deleteConfirmationHash } = (await admin.get(`/api/users/${adminAccount.id}`).expect(200)).body;
      const res = await admin.post('/api/users/delete-user-account').send({ userId: adminAccount.id, hash: deleteConfirmationHash }).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'You cannot delete your own account' });
      await admin.get('/api/me').expect(200);
    });

    it('is the admin\'s alone (403), and an unknown account is 404', async () => {
      const forbidden = await asManagement.post('/api/users/delete-user-account').send({ userId: dealerA.id, hash: 'ABCDEF12' }).expect(403);
      expect(forbidden.body.message).toBe('You do not have permission to do this.');
      const unknown = await admin.post('/api/users/delete-user-account').send({ userId: randomUUID(), hash: 'ABCDEF12' }).expect(404);
      expect(unknown.body.message).toBe('User not found');
      await admin.get(`/api/users/${dealerA.id}`).expect(200);
    });
  });
});
