import { DEFAULT_PERMISSIONS } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { createAccount, mailsTo, signIn, startTestStack, temporaryPasswordIn, type TestStack, type UserSession } from '../support';

/**
 * Accounts that work on day one: a new account holds its role's default permissions, and the
 * account's dealer-only fields are required for dealerships and management, not for staff.
 */
describe('a new account through the API', () => {
  let stack: TestStack;
  let admin: UserSession;

  const unique = () => randomUUID().slice(0, 8);
  const dealerForm = (email: string, overrides: Record<string, unknown> = {}) => ({
    email,
    displayName: 'Fjord Cars',
    address: { country: 'Denmark', city: 'Aalborg', postalCode: '9000', address: 'Havnegade 1', companyId: 'DK12345678' },
    contactPerson: { name: 'Mette Jensen', email: 'mette@fjord.test', phoneNumber: '+45 11 22 33 44', title: 'Owner' },
    ...overrides,
  });
  /** only what every account needs: name, login, country, a contact name and e-mail */
  const bareForm = (email: string, userRole: string) => ({
    email,
    displayName: `Bare ${userRole}`,
    userRole,
    address: { country: 'Denmark' },
    contactPerson: { name: 'Bo Staff', email: 'bo@example.test' },
  });

  beforeAll(async () => {
    stack = await startTestStack({ label: 'day-one' });
    const adminAccount = await createAccount(stack, { role: 'Admin' });
    admin = await signIn(stack, adminAccount.email);
  });

  afterAll(async () => {
    await stack?.close();
  });

  describe('default permissions by role', () => {
    it('a new dealership, with no permission edits, may create orders when it first signs in', async () => {
      const email = `first.day.${unique()}@example.test`;
      const created = await admin.post('/api/users/createAccountWithoutCognito').send(dealerForm(email)).expect(201);
      const granted = (await admin.get(`/api/permissions/get-permissions-for-user-by-user-id/${created.body.id}`).expect(200)).body as Array<{ name: string }>;
      expect(granted.map((p) => p.name).sort()).toEqual([...DEFAULT_PERMISSIONS.Dealership].sort());

      const [mail] = await mailsTo(stack, email, 1);
      const challenge = await stack.http().post('/api/auth/login').send({ email, password: temporaryPasswordIn(mail.text) }).expect(200);
      const done = await stack.http().post('/api/auth/new-password').send({ session: challenge.body.session, newPassword: 'Chosen-Pass-2026!' }).expect(200);
      const me = await stack.http().get('/api/me').set('authorization', `Bearer ${done.body.accessToken}`).expect(200);
      expect(me.body.permissions).toEqual(expect.arrayContaining(['CREATE_ORDERS', 'READ_ORDERS', 'CREATE_SALESMAN']));
    });

    it.each(['QA', 'Admin'] as const)('a new %s account starts with its documented set', async (role) => {
      const created = await admin.post('/api/users/createAccountWithoutCognito').send(bareForm(`${role.toLowerCase()}.${unique()}@example.test`, role)).expect(201);
      const granted = (await admin.get(`/api/permissions/get-permissions-for-user-by-user-id/${created.body.id}`).expect(200)).body as Array<{ name: string }>;
      expect(granted.map((p) => p.name).sort()).toEqual([...DEFAULT_PERMISSIONS[role]].sort());
    });

    it('a new Management account starts with its documented set', async () => {
      const created = await admin.post('/api/users/createAccountWithoutCognito').send(dealerForm(`mgmt.${unique()}@example.test`, { userRole: 'Management' })).expect(201);
      const granted = (await admin.get(`/api/permissions/get-permissions-for-user-by-user-id/${created.body.id}`).expect(200)).body as Array<{ name: string }>;
      expect(granted.map((p) => p.name).sort()).toEqual([...DEFAULT_PERMISSIONS.Management].sort());
    });

    it('the defaults stay editable: the admin takes one away and the account no longer holds it', async () => {
      const created = await admin.post('/api/users/createAccountWithoutCognito').send(dealerForm(`editable.${unique()}@example.test`)).expect(201);
      const list = (await admin.get('/api/permissions').expect(200)).body as Array<{ id: string; name: string }>;
      const granted = (await admin.get(`/api/permissions/get-permissions-for-user-by-user-id/${created.body.id}`).expect(200)).body as Array<{ id: string; name: string }>;
      const withoutCreate = granted.filter((p) => p.name !== 'CREATE_ORDERS').map((p) => p.id);
      const readEvents = list.find((p) => p.name === 'READ_USER_EVENTS')!.id;
      const now = await admin.put(`/api/permissions/user/${created.body.id}`).send({ permissions: [...withoutCreate, readEvents] }).expect(200);
      const names = (now.body as Array<{ name: string }>).map((p) => p.name);
      expect(names).not.toContain('CREATE_ORDERS');
      expect(names).toContain('READ_USER_EVENTS');
    });
  });

  describe('the fields each role needs', () => {
    it.each(['Admin', 'QA'] as const)('a staff account (%s) saves without the dealer-only fields', async (role) => {
      const res = await admin.post('/api/users/createAccountWithoutCognito').send(bareForm(`staff.${unique()}@example.test`, role)).expect(201);
      expect(res.body).toMatchObject({ userRole: role, address: { country: 'Denmark', city: '' }, contactPerson: { phoneNumber: '', title: '' } });
      // as the web form sends it: the fields it does not need, empty
      const form = bareForm(`staff.form.${unique()}@example.test`, role);
      await admin
        .post('/api/users/createAccountWithoutCognito')
        .send({ ...form, address: { ...form.address, city: '', postalCode: '', address: '', companyId: '' }, contactPerson: { ...form.contactPerson, phoneNumber: '', title: '' } })
        .expect(201);
    });

    it('a dealership without them is refused with a sentence per field (400), and nothing is created', async () => {
      const email = `no.fields.${unique()}@example.test`;
      const res = await admin.post('/api/users/createAccountWithoutCognito').send(bareForm(email, 'Dealership')).expect(400);
      expect(res.body.message).toBe(
        'city is required for a Dealership account; postalCode is required for a Dealership account; address is required for a Dealership account; ' +
          'companyId is required for a Dealership account; phoneNumber is required for a Dealership account; title is required for a Dealership account',
      );
      expect((await admin.get(`/api/users?search=${encodeURIComponent(email)}`).expect(200)).body.total).toBe(0);
    });

    it('a management account without a company id is refused for that field only', async () => {
      const form = dealerForm(`mgmt.nocompany.${unique()}@example.test`, { userRole: 'Management' });
      const res = await admin
        .post('/api/users/createAccountWithoutCognito')
        .send({ ...form, address: { ...form.address, companyId: '  ' } })
        .expect(400);
      expect(res.body.message).toBe('companyId is required for a Management account');
    });

    it('clearing a field of a dealership is refused; turning a bare staff account into a dealership names what it lacks', async () => {
      const dealer = await admin.post('/api/users/createAccountWithoutCognito').send(dealerForm(`clear.${unique()}@example.test`)).expect(201);
      const cleared = await admin.put(`/api/users/${dealer.body.id}`).send({ address: { city: '' } }).expect(400);
      expect(cleared.body.message).toBe('city is required for a Dealership account');
      expect((await admin.get(`/api/users/${dealer.body.id}`).expect(200)).body.address.city).toBe('Aalborg');

      const staff = await admin.post('/api/users/createAccountWithoutCognito').send(bareForm(`turned.${unique()}@example.test`, 'QA')).expect(201);
      const turned = await admin.put(`/api/users/${staff.body.id}`).send({ userRole: 'Dealership', address: { city: 'Odense', postalCode: '5000', address: 'Vestergade 2' } }).expect(400);
      expect(turned.body.message).toBe('companyId is required for a Dealership account; phoneNumber is required for a Dealership account; title is required for a Dealership account');
      // a staff account clears what it does not need
      await admin.put(`/api/users/${staff.body.id}`).send({ address: { city: '' } }).expect(200);
    });
  });
});
