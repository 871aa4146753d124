import { Namespace, StyleGuidesRpc, systemActor } from '@app/contracts';
import { connectNats, RpcClient } from '@app/messaging';
import { testInfra, testPng } from '@app/testing';
import type { NatsConnection } from 'nats';
import { createAccount, postToPresigned, signedInAs, signIn, uploadMedia, useTestStack, type TestAccount, type UserSession } from '../support';
import { StorageService } from '@app/storage';

describe('style guides, configurations, angles, car types and media through the API', () => {
  const stack = useTestStack({ label: 'style_guides' });
  let admin: UserSession;
  let qa: UserSession;
  let dealer: TestAccount;
  let asDealer: UserSession;
  let dealer2: TestAccount;
  let asManager: UserSession;
  let angleId: string;
  let interiorAngleId: string;
  const media: Record<string, string> = {};

  beforeAll(async () => {
    dealer = await createAccount(stack, { role: 'Dealership' });
    dealer2 = await createAccount(stack, { role: 'Dealership' });
    const manager = await createAccount(stack, { role: 'Management', children: [dealer.id] });
    [admin, qa, asDealer, asManager] = await Promise.all([
      signedInAs(stack, { role: 'Admin' }),
      signedInAs(stack, { role: 'QA' }),
      signIn(stack, dealer.email),
      signIn(stack, manager.email),
    ]);
    for (const kind of ['logo', 'background', 'floor', 'angle_overlay', 'car_type_icon', 'featured']) {
      media[kind] = await uploadMedia(admin, kind);
    }
    angleId = (
      await admin.post('/api/angle').send({ name: 'Front left 3/4', category: 'exterior', defaultAngleOverlayId: media.angle_overlay }).expect(201)
    ).body.id;
    interiorAngleId = (
      await admin.post('/api/angle').send({ name: 'Dashboard', category: 'interior', defaultAngleOverlayId: media.angle_overlay }).expect(201)
    ).body.id;
  });

  const guideBody = (name: string) => ({
    name,
    customerNote: 'Daylight only',
    outputWidth: 1920,
    outputHeight: 1440,
    maxImageSize: 800 * 1000,
    interiorColor: '#f0f0f0',
    logoMediaId: media.logo,
    backgroundMediaId: media.background,
    floorMediaId: media.floor,
  });

  describe('media', () => {
    it('answers the invalid-media-type error for an unknown kind', async () => {
      const res = await admin.post('/api/media').send({ fileExtension: 'png', mediaType: 'wallpaper' }).expect(400);
      expect(res.body.message).toMatch(/^Invalid media type "wallpaper"/);
    });

    it('refuses a medium whose file never arrived, and a non-image posing as one', async () => {
      const pending = await admin.post('/api/media').send({ fileExtension: 'png', mediaType: 'logo' }).expect(201);
      expect(pending.body.utilityMedia).toMatchObject({ mediaType: 'logo', uploaded: false, url: null });
      const res = await admin.post('/api/style-guides').send({ ...guideBody('No logo yet'), logoMediaId: pending.body.utilityMedia.id }).expect(400);
      expect(res.body.message).toBe(`The file of media ${pending.body.utilityMedia.id} has not been uploaded (or is not a valid image)`);

      const fake = await admin.post('/api/media').send({ fileExtension: 'png', mediaType: 'logo' }).expect(201);
      await postToPresigned(fake.body.url, fake.body.fields, Buffer.from('<html>not a picture</html>'), 'image/png');
      await admin.post('/api/style-guides').send({ ...guideBody('Fake logo'), logoMediaId: fake.body.utilityMedia.id }).expect(400);
    });

    it('lists media for admin and QA only, telling which files have arrived', async () => {
      const list = await qa.get('/api/media?mediaType=logo').expect(200);
      const logo = list.body.items.find((m: { id: string }) => m.id === media.logo);
      expect(logo).toMatchObject({ uploaded: true, url: expect.stringMatching(/^http/) });
      // the two of the test before: one never uploaded, one not an image
      expect(list.body.items.filter((m: { uploaded: boolean; url: string | null }) => !m.uploaded && m.url === null)).toHaveLength(2);
      expect(list.body.items.every((m: { mediaType: string }) => m.mediaType === 'logo')).toBe(true);
      await asDealer.get('/api/media').expect(403);
    });

    it('refuses SVG media, by the asked extension and by the bytes posted under a PNG grant', async () => {
      const asked = await admin.post('/api/media').send({ fileExtension: 'svg', mediaType: 'logo' }).expect(400);
      expect(asked.body).toEqual({ statusCode: 400, message: 'SVG files are not accepted as media: upload a PNG, JPEG or WebP image' });

      const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');
      const grant = await admin.post('/api/media').send({ fileExtension: 'png', mediaType: 'featured' }).expect(201);
      expect(await postToPresigned(grant.body.url, grant.body.fields, svg, 'image/png')).toBe(204);
      const id = grant.body.utilityMedia.id as string;
      const res = await admin.post('/api/style-guides').send({ ...guideBody('Scripted logo'), logoMediaId: id }).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: `The file of media ${id} is an SVG image, which is not accepted: upload a PNG, JPEG or WebP image` });
      const listed = (await admin.get('/api/media?mediaType=featured').expect(200)).body.items.find((m: { id: string }) => m.id === id);
      expect(listed).toMatchObject({ uploaded: false, url: null });
    });

    it('serves a medium only as the checked image, as a download, even after its grant is posted again', async () => {
      const bytes = await testPng(32, '#123456');
      const grant = await admin.post('/api/media').send({ fileExtension: 'png', mediaType: 'icon' }).expect(201);
      expect(grant.body.fields.key).toMatch(/^media\/icon\/uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/);
      expect(await postToPresigned(grant.body.url, grant.body.fields, bytes, 'image/png')).toBe(204);
      const id = grant.body.utilityMedia.id as string;
      const first = (await admin.get('/api/media?mediaType=icon').expect(200)).body.items.find((m: { id: string }) => m.id === id);
      expect(first).toMatchObject({ uploaded: true });

      // the same grant, within its 15 minutes, with an HTML page: nothing users get changes
      expect(await postToPresigned(grant.body.url, grant.body.fields, Buffer.from('<html><script>alert(1)</script></html>'), 'text/html')).toBe(204);
      const again = (await admin.get('/api/media?mediaType=icon').expect(200)).body.items.find((m: { id: string }) => m.id === id);
      for (const url of [first.url, again.url]) {
        const res = await fetch(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="icon-${id}.png"`);
        expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      }
    });

    it('keeps media from before staging keys working: their file is checked and read where it was uploaded', async () => {
      const grant = await admin.post('/api/media').send({ fileExtension: 'png', mediaType: 'logo' }).expect(201);
      const id = grant.body.utilityMedia.id as string;
      // as such a row was: no staging key, its grant named the object key itself
      const [{ object_key: objectKey }] = await stack.db.query<{ object_key: string }>(
        'UPDATE style_guides.utility_media SET upload_key = NULL WHERE id = $1 RETURNING object_key',
        [id],
      );
      const bytes = await testPng(24, '#654321');
      const s3 = new StorageService({ endpoint: stack.s3.endpoint, accessKey: stack.s3.accessKey, secretKey: stack.s3.secretKey, bucket: stack.s3.bucket, region: 'us-east-1' });
      await s3.put(objectKey, bytes, 'image/png');
      const guide = await admin.post('/api/style-guides').send({ ...guideBody('Old logo'), logoMediaId: id }).expect(201);
      const logo = await fetch(guide.body.media.logo.url);
      expect(logo.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await logo.arrayBuffer()).equals(bytes)).toBe(true);
    });
  });

  describe('building a guide', () => {
    let guideId: string;

    it('creates a guide with its media, served as short-lived URLs', async () => {
      const res = await admin.post('/api/style-guides').send(guideBody('Nordic Studio')).expect(201);
      guideId = res.body.id;
      expect(res.body).toMatchObject({ name: 'Nordic Studio', maxImageSize: 800000, interiorColor: '#F0F0F0', configurations: [] });
      expect(res.body.media.logo).toMatchObject({ id: media.logo, uploaded: true });
      const logo = await fetch(res.body.media.logo.url);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toContain('image/png');
    });

    it('validates the guide: note at most 999 characters, size in range, colour as hex', async () => {
      const long = await admin.post('/api/style-guides').send({ ...guideBody('Long note'), customerNote: 'x'.repeat(1000) }).expect(400);
      expect(long.body.message).toBe('customerNote must be shorter than or equal to 999 characters');
      const big = await admin.post('/api/style-guides').send({ ...guideBody('Too big'), maxImageSize: 9_000_000 }).expect(400);
      expect(big.body.message).toBe('maxImageSize must not be greater than 8388608');
      const colour = await admin.post('/api/style-guides').send({ ...guideBody('Colour'), interiorColor: 'white' }).expect(400);
      expect(colour.body.message).toBe('interiorColor must be a hex colour like #FFFFFF');
      const nameless = await admin.post('/api/style-guides').send({ ...guideBody('x'), name: '' }).expect(400);
      expect(nameless.body.message).toBe('name must be longer than or equal to 1 characters');
    });

    it('adds configurations with the defaults, the route mapping and the FEATURED rule, sorted by position', async () => {
      const third = await qa
        .post('/api/style-guide-configurations')
        .send({ styleGuideId: guideId, position: 3, angleId, routeTo: 'AI (NO ENHANCER)', margins: '{"top":12,"right":6,"bottom":3,"left":6}' });
      expect(third.status).toBe(201);
      expect(third.body).toMatchObject({ position: 3, routeTo: 'ai_no_enh', type: 'IMAGE', withLogo: true, horizonLineHeight: 50 });
      expect(JSON.parse(third.body.margins)).toEqual({ top: 12, right: 6, bottom: 3, left: 6 });

      const first = await admin.post('/api/style-guide-configurations').send({ styleGuideId: guideId, position: 1, angleId }).expect(201);
      expect(first.body.routeTo).toBe('full');
      expect(JSON.parse(first.body.margins)).toEqual({ top: 10, right: 5, bottom: 4, left: 5 });
      expect(first.body.angle).toMatchObject({ id: angleId, name: 'Front left 3/4', defaultAngleOverlay: { id: media.angle_overlay } });

      const featured = await admin
        .post('/api/style-guide-configurations')
        .send({ styleGuideId: guideId, position: 2, type: 'FEATURED', angleId, routeTo: 'bypass', featuredImageId: media.featured })
        .expect(201);
      expect(featured.body).toMatchObject({ type: 'FEATURED', routeTo: 'FEATURED', angle: null, featuredImage: { id: media.featured } });

      const unknownRoute = await admin.post('/api/style-guide-configurations').send({ styleGuideId: guideId, position: 4, angleId: interiorAngleId, routeTo: 'SOMETHING' }).expect(201);
      expect(unknownRoute.body.routeTo).toBe('ai_no_enh');

      const guide = await admin.get(`/api/style-guides/${guideId}`).expect(200);
      expect(guide.body.configurations.map((c: { position: number }) => c.position)).toEqual([1, 2, 3, 4]);
    });

    it('refuses an IMAGE configuration without an angle, a taken position and bad margins', async () => {
      const noAngle = await admin.post('/api/style-guide-configurations').send({ styleGuideId: guideId, position: 9 }).expect(400);
      expect(noAngle.body.message).toBe('An angle is required for IMAGE configurations');
      const taken = await admin.post('/api/style-guide-configurations').send({ styleGuideId: guideId, position: 1, angleId }).expect(409);
      expect(taken.body.message).toBe('Position 1 is already used in this style guide');
      const margins = await admin
        .post('/api/style-guide-configurations')
        .send({ styleGuideId: guideId, position: 9, angleId, margins: { top: 10, right: 5, bottom: 4 } })
        .expect(400);
      expect(margins.body.message).toContain('margins.left must not be less than 0');
      const negative = await admin.post('/api/style-guide-configurations').send({ styleGuideId: guideId, position: -1, angleId }).expect(400);
      expect(negative.body.message).toBe('position must not be less than 0');
    });

    it('refuses a FEATURED configuration without its featured image, on create and on an update that takes it away', async () => {
      const message = 'A FEATURED configuration needs its featured image: choose one';
      const none = await admin.post('/api/style-guide-configurations').send({ styleGuideId: guideId, position: 9, type: 'FEATURED' });
      expect(none.body).toEqual({ statusCode: 400, message });
      const guide = await admin.get(`/api/style-guides/${guideId}`).expect(200);
      expect(guide.body.configurations.map((c: { position: number }) => c.position)).not.toContain(9);
      // the saved FEATURED position 2 keeps its image: removing it is refused, the image stays
      const featured = guide.body.configurations.find((c: { type: string }) => c.type === 'FEATURED') as { id: string };
      const removed = await admin.put(`/api/style-guide-configurations/${featured.id}`).send({ featuredImageId: null });
      expect(removed.body).toEqual({ statusCode: 400, message });
      expect((await admin.get(`/api/style-guide-configurations/${featured.id}`).expect(200)).body.featuredImage).toMatchObject({ id: media.featured });
      // an IMAGE configuration turned FEATURED without an image: refused too
      const image = guide.body.configurations.find((c: { position: number }) => c.position === 3) as { id: string };
      expect((await admin.put(`/api/style-guide-configurations/${image.id}`).send({ type: 'FEATURED' })).body).toEqual({ statusCode: 400, message });
    });

    it('updates a configuration and the guide', async () => {
      const guide = await admin.get(`/api/style-guides/${guideId}`).expect(200);
      const cfg = guide.body.configurations[0];
      const changed = await admin.put(`/api/style-guide-configurations/${cfg.id}`).send({ withLogo: false, horizonLineHeight: 42, routeTo: 'ENHANCER' }).expect(200);
      expect(changed.body).toMatchObject({ withLogo: false, horizonLineHeight: 42, routeTo: 'enhancer' });
      const moved = await admin.put(`/api/style-guide-configurations/${cfg.id}`).send({ position: 3 }).expect(409);
      expect(moved.body.message).toBe('Position 3 is already used in this style guide');
      const renamed = await qa.put(`/api/style-guides/${guideId}`).send({ name: 'Nordic Studio 2', logoMediaId: null }).expect(200);
      expect(renamed.body).toMatchObject({ name: 'Nordic Studio 2', media: { logo: null } });
    });

    it('duplicates the guide with every configuration as "<name>-COPY"', async () => {
      const copy = await qa.post(`/api/style-guides/${guideId}/duplicate`).expect(201);
      expect(copy.body.id).not.toBe(guideId);
      expect(copy.body.name).toBe('Nordic Studio 2-COPY');
      expect(copy.body.configurations.map((c: { position: number }) => c.position)).toEqual([1, 2, 3, 4]);
      const list = await admin.get('/api/style-guides?search=copy').expect(200);
      expect(list.body.items.map((g: { name: string }) => g.name)).toContain('Nordic Studio 2-COPY');
      expect(list.body).toMatchObject({ page: 1, pageSize: 10 });
    });

    it('shows dealerships only their assigned guides; management those of its children', async () => {
      expect((await asDealer.get('/api/style-guides').expect(200)).body.total).toBe(0);
      await asDealer.get(`/api/style-guides/${guideId}`).expect(404);
      await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: dealer.id, styleGuideId: guideId }).expect(200);
      const mine = await asDealer.get('/api/style-guides').expect(200);
      expect(mine.body.items.map((g: { id: string }) => g.id)).toEqual([guideId]);
      await asDealer.get(`/api/style-guides/${guideId}`).expect(200);
      expect((await asDealer.get(`/api/style-guides/user/${dealer.id}`).expect(200)).body.map((g: { id: string }) => g.id)).toEqual([guideId]);
      await asDealer.get(`/api/style-guides/user/${dealer2.id}`).expect(404);
      expect((await asManager.get(`/api/style-guides/user/${dealer.id}`).expect(200)).body).toHaveLength(1);
      await asManager.get(`/api/style-guides/user/${dealer2.id}`).expect(404);
      // a configuration of an unassigned guide is just as invisible
      const other = await admin.post('/api/style-guides').send(guideBody('Private')).expect(201);
      const cfg = await admin.post('/api/style-guide-configurations').send({ styleGuideId: other.body.id, position: 1, angleId }).expect(201);
      await asDealer.get(`/api/style-guide-configurations/${cfg.body.id}`).expect(404);

      const removed = await admin.delete('/api/style-guides/remove-style-guide-to-user').send({ userId: dealer.id, styleGuideId: guideId }).expect(200);
      expect(removed.body).toEqual({ removed: true });
      await asDealer.get(`/api/style-guides/${guideId}`).expect(404);
      const ghost = await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: '00000000-0000-4000-8000-00000000dead', styleGuideId: guideId }).expect(404);
      expect(ghost.body.message).toBe('User not found');
    });

    it('lets only the admin delete a guide', async () => {
      await qa.delete('/api/style-guides/delete-style-guide').send({ id: guideId }).expect(403);
      await admin.delete('/api/style-guides/delete-style-guide').send({ id: guideId }).expect(200);
      const gone = await admin.get(`/api/style-guides/${guideId}`).expect(404);
      expect(gone.body.message).toBe('Style guide not found');
    });
  });

  describe('car windows', () => {
    let nc: NatsConnection;
    let rpc: RpcClient;
    let guideId: string;

    beforeAll(async () => {
      nc = await connectNats(testInfra.natsUrl, 'style-guides-windows-test');
      rpc = new RpcClient(nc, new Namespace(stack.ns.prefix), 10_000);
    });

    afterAll(async () => {
      await nc?.close();
    });

    it('are opaque unless the guide says otherwise, and see-through when it does', async () => {
      const plain = await admin.post('/api/style-guides').send(guideBody('Glass kept')).expect(201);
      expect(plain.body.windows).toBe('opaque');
      const created = await admin.post('/api/style-guides').send({ ...guideBody('Glass studio'), windows: 'see-through' }).expect(201);
      guideId = created.body.id;
      expect(created.body.windows).toBe('see-through');
      expect((await qa.get(`/api/style-guides/${guideId}`).expect(200)).body.windows).toBe('see-through');
      const listed = (await admin.get('/api/style-guides?search=glass').expect(200)).body.items as Array<{ name: string; windows: string }>;
      expect(listed.map((g) => [g.name, g.windows]).sort()).toEqual([
        ['Glass kept', 'opaque'],
        ['Glass studio', 'see-through'],
      ]);
    });

    it('change with an update, and only when the update names them', async () => {
      const back = await qa.put(`/api/style-guides/${guideId}`).send({ windows: 'opaque' }).expect(200);
      expect(back.body.windows).toBe('opaque');
      const renamed = await qa.put(`/api/style-guides/${guideId}`).send({ name: 'Glass studio' }).expect(200);
      expect(renamed.body.windows).toBe('opaque');
      await qa.put(`/api/style-guides/${guideId}`).send({ windows: 'see-through' }).expect(200);
      expect((await admin.get(`/api/style-guides/${guideId}`).expect(200)).body.windows).toBe('see-through');
    });

    it('refuses any other value, naming the two allowed, on create and update; the database refuses it too', async () => {
      for (const windows of ['transparent', 'SEE-THROUGH', '', null]) {
        const created = await admin.post('/api/style-guides').send({ ...guideBody('Odd glass'), windows }).expect(400);
        expect(created.body).toEqual({ statusCode: 400, message: 'windows must be one of: opaque, see-through' });
        const updated = await admin.put(`/api/style-guides/${guideId}`).send({ windows }).expect(400);
        expect(updated.body.message).toBe('windows must be one of: opaque, see-through');
      }
      expect((await admin.get('/api/style-guides?search=odd glass').expect(200)).body.total).toBe(0);
      await expect(stack.db.query(`UPDATE style_guides.style_guide SET windows = 'frosted' WHERE id = $1`, [guideId])).rejects.toThrow(/style_guide_windows_check/);
      expect((await admin.get(`/api/style-guides/${guideId}`).expect(200)).body.windows).toBe('see-through');
    });

    it('are copied by the duplicate', async () => {
      const copy = await qa.post(`/api/style-guides/${guideId}/duplicate`).expect(201);
      expect(copy.body).toMatchObject({ name: 'Glass studio-COPY', windows: 'see-through' });
      expect((await admin.get(`/api/style-guides/${copy.body.id}`).expect(200)).body.windows).toBe('see-through');
    });

    it("go to the pipeline with every position's settings and the fallback", async () => {
      await admin.post('/api/style-guide-configurations').send({ styleGuideId: guideId, position: 1, angleId }).expect(201);
      const seeThrough = await rpc.send(StyleGuidesRpc.pipelineSettings, { styleGuideId: guideId }, systemActor('test'));
      expect(seeThrough.positions.map((p) => [p.position, p.settings.windows])).toEqual([[1, 'see-through']]);
      expect(seeThrough.fallback.settings.windows).toBe('see-through');

      await admin.put(`/api/style-guides/${guideId}`).send({ windows: 'opaque' }).expect(200);
      const opaque = await rpc.send(StyleGuidesRpc.pipelineSettings, { styleGuideId: guideId }, systemActor('test'));
      expect([...opaque.positions.map((p) => p.settings.windows), opaque.fallback.settings.windows]).toEqual(['opaque', 'opaque']);
    });
  });

  describe('number plates', () => {
    let nc: NatsConnection;
    let rpc: RpcClient;
    let guideId: string;
    const MODE_MESSAGE = 'numberPlates must be one of: off, blur, colour, logo';
    const COLOR_MESSAGE = 'numberPlateColor must be a colour like #FFFFFF';

    beforeAll(async () => {
      nc = await connectNats(testInfra.natsUrl, 'style-guides-number-plates-test');
      rpc = new RpcClient(nc, new Namespace(stack.ns.prefix), 10_000);
      media.numberplate = await uploadMedia(admin, 'numberplate');
    });

    afterAll(async () => {
      await nc?.close();
    });

    it('are left as photographed on a white plate unless the guide says otherwise, and kept as it says', async () => {
      const plain = await admin.post('/api/style-guides').send(guideBody('Plates kept')).expect(201);
      expect(plain.body).toMatchObject({ numberPlates: 'off', numberPlateColor: '#FFFFFF' });
      const created = await admin
        .post('/api/style-guides')
        .send({ ...guideBody('Plates studio'), numberPlates: 'logo', numberPlateColor: '#1a2b3c', numberplateMediaId: media.numberplate })
        .expect(201);
      guideId = created.body.id;
      // the colour is kept in capitals, as the interior colour is
      expect(created.body).toMatchObject({ numberPlates: 'logo', numberPlateColor: '#1A2B3C' });
      expect((await qa.get(`/api/style-guides/${guideId}`).expect(200)).body).toMatchObject({ numberPlates: 'logo', numberPlateColor: '#1A2B3C' });
      const listed = (await admin.get('/api/style-guides?search=plates').expect(200)).body.items as Array<{ name: string; numberPlates: string; numberPlateColor: string }>;
      expect(listed.map((g) => [g.name, g.numberPlates, g.numberPlateColor]).sort()).toEqual([
        ['Plates kept', 'off', '#FFFFFF'],
        ['Plates studio', 'logo', '#1A2B3C'],
      ]);
    });

    it('change with an update, each only when the update names it', async () => {
      const blurred = await qa.put(`/api/style-guides/${guideId}`).send({ numberPlates: 'blur' }).expect(200);
      expect(blurred.body).toMatchObject({ numberPlates: 'blur', numberPlateColor: '#1A2B3C' });
      const recoloured = await qa.put(`/api/style-guides/${guideId}`).send({ numberPlateColor: '#00ff00' }).expect(200);
      expect(recoloured.body).toMatchObject({ numberPlates: 'blur', numberPlateColor: '#00FF00' });
      const renamed = await qa.put(`/api/style-guides/${guideId}`).send({ name: 'Plates studio' }).expect(200);
      expect(renamed.body).toMatchObject({ numberPlates: 'blur', numberPlateColor: '#00FF00' });
      await qa.put(`/api/style-guides/${guideId}`).send({ numberPlates: 'colour', numberPlateColor: '#FFCC00' }).expect(200);
      expect((await admin.get(`/api/style-guides/${guideId}`).expect(200)).body).toMatchObject({ numberPlates: 'colour', numberPlateColor: '#FFCC00' });
    });

    it('refuse any other mode or colour on create and update, naming what is allowed; the database refuses them too', async () => {
      for (const numberPlates of ['hide', 'BLUR', 'color', '', null, 1]) {
        const created = await admin.post('/api/style-guides').send({ ...guideBody('Odd plates'), numberPlates }).expect(400);
        expect(created.body).toEqual({ statusCode: 400, message: MODE_MESSAGE });
        const updated = await admin.put(`/api/style-guides/${guideId}`).send({ numberPlates }).expect(400);
        expect(updated.body.message).toBe(MODE_MESSAGE);
      }
      for (const numberPlateColor of ['FFFFFF', '#FFF', '#FFFFFF0', 'white', '#GG0000', '', null, 16777215]) {
        const created = await admin.post('/api/style-guides').send({ ...guideBody('Odd plates'), numberPlateColor }).expect(400);
        expect(created.body).toEqual({ statusCode: 400, message: COLOR_MESSAGE });
        const updated = await admin.put(`/api/style-guides/${guideId}`).send({ numberPlateColor }).expect(400);
        expect(updated.body.message).toBe(COLOR_MESSAGE);
      }
      expect((await admin.get('/api/style-guides?search=odd plates').expect(200)).body.total).toBe(0);
      await expect(stack.db.query(`UPDATE style_guides.style_guide SET number_plates = 'pixelate' WHERE id = $1`, [guideId])).rejects.toThrow(
        /style_guide_number_plates_check/,
      );
      await expect(stack.db.query(`UPDATE style_guides.style_guide SET number_plate_color = 'red' WHERE id = $1`, [guideId])).rejects.toThrow(
        /style_guide_number_plate_color_check/,
      );
      expect((await admin.get(`/api/style-guides/${guideId}`).expect(200)).body).toMatchObject({ numberPlates: 'colour', numberPlateColor: '#FFCC00' });
    });

    it('are copied by the duplicate', async () => {
      const copy = await qa.post(`/api/style-guides/${guideId}/duplicate`).expect(201);
      expect(copy.body).toMatchObject({ name: 'Plates studio-COPY', numberPlates: 'colour', numberPlateColor: '#FFCC00' });
      expect((await admin.get(`/api/style-guides/${copy.body.id}`).expect(200)).body).toMatchObject({ numberPlates: 'colour', numberPlateColor: '#FFCC00' });
    });

    it("go to the pipeline with every position's settings and the fallback, with the guide's plate image once its file is there", async () => {
      await admin.post('/api/style-guide-configurations').send({ styleGuideId: guideId, position: 1, angleId }).expect(201);
      const settingsOf = () => rpc.send(StyleGuidesRpc.pipelineSettings, { styleGuideId: guideId }, systemActor('test'));
      const all = (s: Awaited<ReturnType<typeof settingsOf>>) => [...s.positions.map((p) => p.settings), s.fallback.settings];

      const coloured = await settingsOf();
      expect(all(coloured).map((s) => s.numberPlates)).toEqual([
        { mode: 'colour', colour: '#FFCC00' },
        { mode: 'colour', colour: '#FFCC00' },
      ]);
      expect(all(coloured).map((s) => s.media.numberplate)).toEqual([
        expect.stringMatching(/^media\/numberplate\/.+\.png$/),
        expect.stringMatching(/^media\/numberplate\/.+\.png$/),
      ]);

      await admin.put(`/api/style-guides/${guideId}`).send({ numberPlates: 'logo', numberPlateColor: '#000000', numberplateMediaId: null }).expect(200);
      const withoutImage = await settingsOf();
      expect(all(withoutImage).map((s) => s.numberPlates)).toEqual([
        { mode: 'logo', colour: '#000000' },
        { mode: 'logo', colour: '#000000' },
      ]);
      expect(all(withoutImage).some((s) => 'numberplate' in s.media)).toBe(false);

      // a plate image whose file never arrived is left out (the pipeline never looks for a missing file)
      const pending = await admin.post('/api/media').send({ fileExtension: 'png', mediaType: 'numberplate' }).expect(201);
      await stack.db.query(`UPDATE style_guides.style_guide SET numberplate_media_id = $2 WHERE id = $1`, [guideId, pending.body.utilityMedia.id]);
      expect(all(await settingsOf()).some((s) => 'numberplate' in s.media)).toBe(false);

      await admin.put(`/api/style-guides/${guideId}`).send({ numberPlates: 'off', numberplateMediaId: media.numberplate }).expect(200);
      const off = await settingsOf();
      expect(all(off).map((s) => s.numberPlates?.mode)).toEqual(['off', 'off']);
    });
  });

  describe('angles and car types', () => {
    it('needs an overlay to create an angle and an icon to create a car type', async () => {
      const angle = await admin.post('/api/angle').send({ name: 'Rear', category: 'exterior' }).expect(400);
      expect(angle.body.message).toBe('defaultAngleOverlayId must be a UUID');
      const car = await admin.post('/api/car-types').send({ carTypeName: 'SUV' }).expect(400);
      expect(car.body.message).toBe('iconMediaId must be a UUID');
      const created = await admin.post('/api/car-types').send({ carTypeName: 'SUV', iconMediaId: media.car_type_icon, category: 'exterior' }).expect(201);
      expect(created.body).toMatchObject({ carTypeName: 'SUV', icon: { id: media.car_type_icon }, needsAngleCorrection: false });
      const updated = await admin.put(`/api/car-types/${created.body.id}`).send({ needsAngleCorrection: true }).expect(200);
      expect(updated.body.needsAngleCorrection).toBe(true);
    });

    it('lets everyone read the catalogue and only the admin change it', async () => {
      const names = await asDealer.get('/api/angle/angleNames').expect(200);
      expect(names.body.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['Dashboard', 'Front left 3/4']));
      const interior = await asDealer.get('/api/angle?category=interior').expect(200);
      expect(interior.body.items.map((a: { name: string }) => a.name)).toEqual(['Dashboard']);
      await asDealer.post('/api/angle').send({ name: 'Mine', category: 'exterior', defaultAngleOverlayId: media.angle_overlay }).expect(403);
      await qa.put(`/api/angle/${angleId}`).send({ name: 'Renamed' }).expect(403);
      const renamed = await admin.put(`/api/angle/${angleId}`).send({ name: 'Front left three-quarter', needsFlashlight: true }).expect(200);
      expect(renamed.body).toMatchObject({ name: 'Front left three-quarter', needsFlashlight: true });
      await asDealer.get('/api/car-types').expect(200);
      await asDealer.get('/api/angle/00000000-0000-4000-8000-00000000beef').expect(404);
    });
  });
});
