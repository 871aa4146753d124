import type { TagView } from '@app/contracts';
import { createAccount, createOrder, signIn, startTestStack, type TestStack, type UserSession } from '../support';

describe('tags through the API', () => {
  let stack: TestStack;
  let admin: UserSession;
  let dealer: UserSession;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'tags', services: ['users', 'orders'] });
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    dealer = await signIn(stack, (await createAccount(stack, { role: 'Dealership' })).email);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('creates tags through POST /Tags with the name trimmed, named or hex colours', async () => {
    const editor = await admin.post('/api/Tags').send({ name: '  Editor Anna  ', category: 'QA_EDITOR', entity: 'order', color: 'deep_green' }).expect(201);
    expect(editor.body).toMatchObject({ name: 'Editor Anna', category: 'QA_EDITOR', entity: 'order', color: 'deep_green' });
    const hex = await admin.post('/api/tags').send({ name: 'Blurry', category: 'IMAGE_ERROR', entity: 'image', color: '#E53935' }).expect(201);
    expect(hex.body.color).toBe('#E53935');
  });

  it('refuses a duplicate name for the same entity, bad colours and categories, naming the field', async () => {
    const dup = await admin.post('/api/tags').send({ name: 'editor anna', category: 'QA_EDITOR', entity: 'order', color: 'red' }).expect(409);
    expect(dup.body.message).toBe('A tag with this name already exists for this entity');
    await admin.post('/api/tags').send({ name: 'editor anna', category: 'QA_EDITOR', entity: 'user', color: 'red' }).expect(201);
    const color = await admin.post('/api/tags').send({ name: 'Pink', category: 'PRIORITY', entity: 'order', color: 'pink' }).expect(400);
    expect(color.body.message).toMatch(/^color must be one of green, yellow/);
    const category = await admin.post('/api/tags').send({ name: 'X', category: 'OTHER', entity: 'order', color: 'red' }).expect(400);
    expect(category.body.message).toMatch(/^category must be one of the following values/);
    const blank = await admin.post('/api/tags').send({ name: '   ', category: 'PRIORITY', entity: 'order', color: 'red' }).expect(400);
    expect(blank.body.message).toBe('name must be longer than or equal to 1 characters');
  });

  it('filters by category and entity and pages by 10; everyone signed in reads, only the admin writes', async () => {
    for (let i = 0; i < 11; i++) {
      await admin.post('/api/tags').send({ name: `Priority ${String(i).padStart(2, '0')}`, category: 'PRIORITY', entity: 'order', color: 'orange' }).expect(201);
    }
    const first = await dealer.get('/api/tags?category=PRIORITY&entity=order').expect(200);
    expect(first.body).toMatchObject({ total: 11, page: 1, pageSize: 10 });
    expect(first.body.items[0].name).toBe('Priority 00');
    const last = await dealer.get('/api/tags?category=PRIORITY&entity=order&page=99').expect(200);
    expect(last.body.page).toBe(2);
    expect(last.body.items.map((t: { name: string }) => t.name)).toEqual(['Priority 10']);
    const images = await dealer.get('/api/tags?entity=image&category=IMAGE_ERROR&search=Blurry').expect(200);
    expect(images.body.items.map((t: { name: string }) => t.name)).toContain('Blurry');

    await dealer.post('/api/tags').send({ name: 'Mine', category: 'PRIORITY', entity: 'order', color: 'red' }).expect(403);
    const tag = first.body.items[0];
    await dealer.put(`/api/tags/${tag.id}`).send({ color: 'red' }).expect(403);
    const changed = await admin.put(`/api/tags/${tag.id}`).send({ color: 'red', name: 'Urgent' }).expect(200);
    expect(changed.body).toMatchObject({ name: 'Urgent', color: 'red' });
    expect((await dealer.get(`/api/tags/${tag.id}`).expect(200)).body.name).toBe('Urgent');
    const missing = await dealer.get('/api/tags/00000000-0000-4000-8000-0000000000aa').expect(404);
    expect(missing.body.message).toBe('Tag not found');
  });
  it("tags an order and an account as the order page and the profile do: staff only, never another tenant's", async () => {
    const owner = await createAccount(stack, { role: 'Dealership', displayName: 'Panel Cars' });
    const asOwner = await signIn(stack, owner.email);
    const other = await signIn(stack, (await createAccount(stack, { role: 'Dealership', displayName: 'Other Cars' })).email);
    const qa = await signIn(stack, (await createAccount(stack, { role: 'QA', roleTags: ['QA_EDITOR'] })).email);
    const order = await createOrder(stack, { accountId: owner.id, status: 'QA stage' });
    const rush = (await admin.post('/api/tags').send({ name: 'Panel rush', category: 'PRIORITY', entity: 'order', color: 'red' }).expect(201)).body as TagView;
    const key = (await admin.post('/api/tags').send({ name: 'Panel key account', category: 'PRIORITY', entity: 'user', color: 'green' }).expect(201)).body as TagView;

    // QA puts the PRIORITY tag on; the order's owner reads it, another tenant learns nothing
    expect(((await qa.post(`/api/tags/orders/${order.id}`).send({ tagId: rush.id }).expect(201)).body as TagView[]).map((t) => t.id)).toEqual([rush.id]);
    expect(((await asOwner.get(`/api/tags/get/orders/${order.id}`).expect(200)).body as TagView[]).map((t) => t.name)).toEqual(['Panel rush']);
    await other.get(`/api/tags/get/orders/${order.id}`).expect(404);
    // a dealership tags nothing, not even its own order or account
    await asOwner.post(`/api/tags/orders/${order.id}`).send({ tagId: rush.id }).expect(403);
    await asOwner.delete('/api/tags').send({ tagId: rush.id, entity: 'orders', entityId: order.id }).expect(403);
    await other.post(`/api/tags/orders/${order.id}`).send({ tagId: rush.id }).expect(403);

    // account tags: admin and QA put them on and read them; the account itself and others do not see them
    await admin.post(`/api/tags/users/${owner.id}`).send({ tagId: key.id }).expect(201);
    expect(((await qa.get(`/api/tags/get/users/${owner.id}`).expect(200)).body as TagView[]).map((t) => t.name)).toEqual(['Panel key account']);
    await asOwner.get(`/api/tags/get/users/${owner.id}`).expect(403);
    await other.get(`/api/tags/get/users/${owner.id}`).expect(403);
    expect((await qa.delete('/api/tags').send({ tagId: key.id, entity: 'users', entityId: owner.id }).expect(200)).body).toEqual([]);
  });
});
