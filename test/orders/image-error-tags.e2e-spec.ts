import type { ImageView, Paged, TagView } from '@app/contracts';
import { testJpeg, waitFor } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { createAccount, createOrder, createSalesPerson, signIn, startTestStack, uploadOrderImage, type TestStack, type UserSession } from '../support';

/** What every installation seeds (migration ImageErrorTags1764900000200), demo data or not. */
const SEEDED = [
  'Background not removed',
  'Blurry picture',
  'Car cut off',
  'Dirty car or lens',
  'Logo wrong or missing',
  'Number plate visible',
  'Reflections on the car',
  'Shadow or floor wrong',
  'Too dark or too bright',
  'Wrong angle',
];

describe('the mark-for-editing reasons of a fresh installation', () => {
  jest.setTimeout(180_000);
  let stack: TestStack;
  let admin: UserSession;
  let qa: UserSession;
  let asDealer: UserSession;

  /** every IMAGE_ERROR tag of images, all pages: the list the image editing dialog offers */
  const reasons = async (as: UserSession): Promise<TagView[]> => {
    const all: TagView[] = [];
    for (let page = 1; page <= 10; page++) {
      const res = (await as.get(`/api/tags?entity=image&category=IMAGE_ERROR&page=${page}`).expect(200)).body as Paged<TagView>;
      all.push(...res.items);
      if (page * res.pageSize >= res.total) break;
    }
    return all;
  };

  beforeAll(async () => {
    // a freshly migrated database: no demo seed, no tag made by the test
    stack = await startTestStack({ label: 'image-error-tags', env: { IMAGES_UPLOAD_POLL_MS: '300' } });
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'], enabledQa: true });
    [admin, qa, asDealer] = await Promise.all([
      createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)),
      createAccount(stack, { role: 'QA', roleTags: ['QA_EDITOR'] }).then((a) => signIn(stack, a.email)),
      signIn(stack, dealer.email),
    ]);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('offers the seeded image-error tags to QA, more than "No reason"', async () => {
    const names = (await reasons(qa)).map((t) => t.name).sort();
    expect(names).toEqual(SEEDED);
  });

  it('lets the admin rename, recolour and add reasons, and QA sees the edited list', async () => {
    const [first] = (await reasons(admin)).filter((t) => t.name === 'Wrong angle');
    await admin.put(`/api/tags/${first.id}`).send({ name: 'Wrong angle for the style guide', color: 'indigo' }).expect(200);
    await admin.post('/api/tags').send({ name: 'Interior not cleaned', category: 'IMAGE_ERROR', entity: 'image', color: 'green' }).expect(201);
    // a seeded name is an ordinary tag name: a second one is refused like any duplicate
    const dup = await admin.post('/api/tags').send({ name: 'car cut off', category: 'IMAGE_ERROR', entity: 'image', color: 'red' }).expect(409);
    expect(dup.body.message).toBe('A tag with this name already exists for this entity');

    const now = await reasons(qa);
    expect(now.map((t) => t.name)).toEqual(expect.arrayContaining(['Wrong angle for the style guide', 'Interior not cleaned']));
    expect(now.map((t) => t.name)).not.toContain('Wrong angle');
    expect(now.find((t) => t.id === first.id)).toMatchObject({ color: 'indigo' });
    // QA may not change them
    await qa.put(`/api/tags/${first.id}`).send({ name: 'Mine' }).expect(403);
  });

  it('a seeded reason marks a picture for editing', async () => {
    const guide = (
      await admin.post('/api/style-guides').send({ name: `Reasons ${randomUUID().slice(0, 6)}`, outputWidth: 320, outputHeight: 240, maxImageSize: 300_000, frameFreeRouting: 'bypass' }).expect(201)
    ).body.id as string;
    await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: asDealer.user.id, styleGuideId: guide }).expect(200);
    const order = await createOrder(asDealer, { styleGuide: guide, salesMan: (await createSalesPerson(stack, asDealer.user.id)).id, takenImagesCount: 1 });
    const uploaded = await uploadOrderImage(asDealer, order.id, 1, await testJpeg(320, 240));
    await waitFor(
      async () => ((await admin.get(`/api/images/data/${uploaded.id}`).expect(200)).body as ImageView).optimisationStatus === 'completed' || null,
      'the picture processed',
      90_000,
      300,
    );
    const reason = (await reasons(qa)).find((t) => t.name === 'Reflections on the car')!;
    const declined = await qa.put(`/api/images/updateApproval/${uploaded.id}`).send({ approved: false, errorTagId: reason.id }).expect(200);
    expect(declined.body).toMatchObject({ approved: false, needsEdition: true });
    // the reason goes on the picture as a tag once the decline is recorded
    const tags = await waitFor(
      async () => {
        const on = (await qa.get(`/api/tags/get/images/${uploaded.id}`).expect(200)).body as TagView[];
        return on.length ? on : null;
      },
      'the reason tag on the picture',
    );
    expect(tags.map((t) => t.name)).toEqual(['Reflections on the car']);

    // the image views carry their tags for admin and QA; a dealership sees none (image tags are QA's)
    const listed = (await qa.get(`/api/images/order/${order.id}`).expect(200)).body as ImageView[];
    expect(listed.find((i) => i.id === uploaded.id)?.tags?.map((t) => t.name)).toEqual(['Reflections on the car']);
    const one = (await admin.get(`/api/images/data/${uploaded.id}`).expect(200)).body as ImageView;
    expect(one.tags).toEqual([expect.objectContaining({ id: reason.id, category: 'IMAGE_ERROR', entity: 'image' })]);
    expect(((await asDealer.get(`/api/images/data/${uploaded.id}`).expect(200)).body as ImageView).tags).toEqual([]);
    expect(((await asDealer.get(`/api/images/order/${order.id}`).expect(200)).body as ImageView[]).every((i) => i.tags?.length === 0)).toBe(true);
    // another tenant neither sees the picture nor its tags
    const other = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] }).then((a) => signIn(stack, a.email));
    await other.get(`/api/images/data/${uploaded.id}`).expect(404);
    await other.get(`/api/tags/get/images/${uploaded.id}`).expect(403);
  });
});
