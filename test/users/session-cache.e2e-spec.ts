import { createAccount, signIn, startTestStack, type TestStack, type UserSession } from '../support';

/**
 * The gateway reuses session checks for a few seconds (SESSION_CACHE_MS); the users service
 * says when they may have changed, before it answers. Each case warms the cache first, so a
 * stale answer would show.
 */
describe('session checks reused by the gateway', () => {
  let stack: TestStack;
  let admin: UserSession;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'session_cache' });
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function warm(session: UserSession): Promise<void> {
    for (let i = 0; i < 3; i++) await session.get('/api/me').expect(200);
  }

  it('a permission taken away applies on the very next request', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] });
    const session = await signIn(stack, dealer.email);
    await warm(session);
    // holding CREATE_ORDERS, the body is looked at (and found empty)
    expect((await session.post('/api/orders').send({})).status).toBe(400);

    await admin.put(`/api/permissions/user/${dealer.id}`).send({ permissions: [] }).expect(200);
    const refused = await session.post('/api/orders').send({});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Missing permission CREATE_ORDERS');
  });

  it('a logout applies on the very next request', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership' });
    const session = await signIn(stack, dealer.email);
    await warm(session);
    await session.post('/api/auth/logout').expect(200);
    expect((await session.get('/api/me')).status).toBe(401);
  });

  it('a role changed by an admin applies on the very next request', async () => {
    const qa = await createAccount(stack, { role: 'QA' });
    const session = await signIn(stack, qa.email);
    await warm(session);
    // QA builds style guides: the body is looked at (and found empty)
    expect((await session.post('/api/style-guides').send({})).status).toBe(400);
    // a staff account becoming a dealership brings the dealer-only fields
    await admin
      .put(`/api/users/${qa.id}`)
      .send({
        userRole: 'Dealership',
        address: { city: 'Aalborg', postalCode: '9000', address: 'Havnegade 1', companyId: 'DK12345678' },
        contactPerson: { phoneNumber: '+45 11 22 33 44', title: 'Owner' },
      })
      .expect(200);
    expect((await session.post('/api/style-guides').send({})).status).toBe(403);
  });
});
