import {
  createAccount,
  createSalesPerson,
  createStyleGuide,
  signIn,
  startTestStack,
  uploadMedia,
  type TestAccount,
  type TestStack,
  type UserSession,
} from '../support';
import type { Test } from 'supertest';
import { MAX_JSON_DEPTH, MAX_JSON_ITEMS } from '../../gateway/src/common/json-depth';
import { SENSOR_DATA_MAX_BYTES, SENSOR_DATA_MAX_DEPTH } from '@app/contracts';

/**
 * Bad input never answers 5xx: deeply nested JSON, NUL characters and unpaired surrogates,
 * `null` where a value is required, numbers PostgreSQL cannot store, loose types and
 * oversized sensor data are each refused with 400 and a message naming the problem, and
 * nothing is stored or changed. Every case was once a 500 (or silently accepted).
 */
describe('bad input is refused with 400, never a 500', () => {
  jest.setTimeout(120_000);
  let stack: TestStack;
  let admin: UserSession;
  let asDealer: UserSession;
  let dealer: TestAccount;
  let salesPersonId: string;
  let guideId: string;
  let configurationId: string;
  let angleId: string;
  let carTypeId: string;
  let tagId: string;
  let bannerId: string;
  let appVersionId: string;
  let orderId: string;

  const DEPTH_MESSAGE = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
  const SENSOR_MESSAGE = `sensorData must be an object of at most ${SENSOR_DATA_MAX_BYTES} bytes as JSON, nested at most ${SENSOR_DATA_MAX_DEPTH} levels`;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'bad_input', services: ['users', 'style-guides', 'orders', 'images'] });
    dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS', 'UPDATE_ORDERS'] });
    [admin, asDealer] = await Promise.all([
      createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)),
      signIn(stack, dealer.email),
    ]);
    salesPersonId = (await createSalesPerson(stack, dealer.id)).id;
    guideId = (await createStyleGuide(admin, { name: 'Hardening guide', assignTo: [dealer.id], positions: 2, route: 'bypass' })).id;
    const guide = (await admin.get(`/api/style-guides/${guideId}`).expect(200)).body;
    configurationId = guide.configurations[0].id;
    angleId = guide.configurations[0].angle.id;
    const icon = await uploadMedia(admin, 'car_type_icon');
    carTypeId = (await admin.post('/api/car-types').send({ carTypeName: 'Sedan', iconMediaId: icon }).expect(201)).body.id;
    tagId = (await admin.post('/api/tags').send({ name: 'Urgent', category: 'PRIORITY', entity: 'order', color: 'red' }).expect(201)).body.id;
    bannerId = (await admin.post('/api/banner').send({ message: 'Maintenance tonight', isActive: false }).expect(201)).body.id;
    appVersionId = (await admin.post('/api/app-versions').send({ versionString: '3.1.4' }).expect(201)).body.id;
    orderId = (await asDealer.post('/api/orders').send({ orderName: 'Hardening order', styleGuide: guideId, salesMan: salesPersonId, takenImagesCount: 2 }).expect(201)).body.id;
  });

  afterAll(async () => {
    await stack?.close();
  });

  const json = (t: Test, body: string): Test => t.set('content-type', 'application/json').send(body);
  const expect400 = async (t: Test, message: string | RegExp): Promise<void> => {
    const res = await t;
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { statusCode: 400, message: typeof message === 'string' ? message : expect.stringMatching(message) },
    });
  };
  /** a view without its short-lived signed links (they change with every read) */
  const withoutLinks = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(withoutLinks)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'url' && k !== 'thumbnailUrl').map(([k, v]) => [k, withoutLinks(v)]))
        : value;
  const orderNamed = async (name: string) =>
    (await admin.get(`/api/orders/get-orders?search=${encodeURIComponent(name)}`).expect(200)).body.items as Array<{ orderName: string }>;

  describe('deeply nested JSON', () => {
    const deepObject = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    // a megabyte of nested arrays (under the 1 MB body limit)
    const deepArrays = '['.repeat(500_000) + ']'.repeat(500_000);

    // as wide as it is flat: 250,000 empty objects in one list held the gateway for seconds
    const wideList = `{"x":[${Array(250_000).fill('{}').join(',')}]}`;
    const ITEMS_MESSAGE = `JSON body holds more than ${MAX_JSON_ITEMS} items (array elements and object members)`;

    it.each([
      ['signed out, sign-in', () => stack.http().post('/api/auth/login'), deepObject, DEPTH_MESSAGE],
      ['signed in, order update', () => asDealer.put(`/api/orders/${orderId}`), deepObject, DEPTH_MESSAGE],
      ['signed in, order creation, a megabyte of arrays', () => asDealer.post('/api/orders'), deepArrays, DEPTH_MESSAGE],
      ['signed in, style guide creation', () => admin.post('/api/style-guides'), deepObject, DEPTH_MESSAGE],
      ['signed in, order creation, a flat list of 250,000 objects', () => asDealer.post('/api/orders'), wideList, ITEMS_MESSAGE],
    ])('%s answers 400 before parsing', async (_name, request, body, message) => {
      const guides = async () => (await admin.get('/api/style-guides').expect(200)).body.total as number;
      const guidesBefore = await guides();
      await expect400(json(request(), body), message);
      expect((await orderNamed('Hardening')).map((o) => o.orderName)).toEqual(['Hardening order']);
      expect(await guides()).toBe(guidesBefore);
    });

    it('leaves the gateway answering while deep and wide bodies are refused', async () => {
      const deep = Array.from({ length: 6 }, (_, i) => json(asDealer.post('/api/orders'), i % 2 ? deepArrays : wideList).then((r) => r.status));
      const live = Array.from({ length: 6 }, () => stack.http().get('/api/health/live').then((r) => r.status));
      const [deepStatuses, liveStatuses] = await Promise.all([Promise.all(deep), Promise.all(live)]);
      expect(deepStatuses).toEqual(Array(6).fill(400));
      expect(liveStatuses).toEqual(Array(6).fill(200));
      expect(await orderNamed('Hardening')).toHaveLength(1);
    });

    it(`takes ${MAX_JSON_DEPTH} levels, counts no bracket inside a string, and refuses one level more`, async () => {
      const nested = (levels: number) => `{"orderName":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
      // at the limit the body is parsed and validated like any other
      await expect400(json(asDealer.put(`/api/orders/${orderId}`), nested(MAX_JSON_DEPTH)), /^orderName must be a string/);
      await expect400(json(asDealer.put(`/api/orders/${orderId}`), nested(MAX_JSON_DEPTH + 1)), DEPTH_MESSAGE);
      const brackets = '[{'.repeat(20) + '\\"' + '[{'.repeat(5);
      const ok = await json(asDealer.put(`/api/orders/${orderId}`), `{"orderName":"${brackets}"}`);
      expect(ok.status).toBe(200);
      expect(ok.body.orderName).toBe('[{'.repeat(20) + '"' + '[{'.repeat(5));
      await asDealer.put(`/api/orders/${orderId}`).send({ orderName: 'Hardening order' }).expect(200);
    });
  });

  describe('NUL characters and unpaired surrogates', () => {
    it.each([
      ['a query', () => stack.http().get('/api/app-versions?search=%00'), 'search must not contain NUL characters'],
      ['a path parameter', () => admin.put('/api/appSettings/A%00B').send({ value: 'x' }), 'name must not contain NUL characters'],
      [
        'a nested body field',
        () =>
          admin.post('/api/users/createAccountWithoutCognito').send({
            email: 'nul-contact@example.test',
            displayName: 'Nul Motors',
            address: { country: 'Denmark' },
            contactPerson: { name: 'Bo\u0000', email: 'bo@example.test' },
          }),
        'contactPerson.name must not contain NUL characters',
      ],
    ])('in %s answers 400 naming the field', async (_name, request, message) => {
      await expect400(request(), message);
    });

    it('in an order name stores no order', async () => {
      await expect400(
        asDealer.post('/api/orders').send({ orderName: 'Nul\u0000car', styleGuide: guideId, salesMan: salesPersonId, takenImagesCount: 1 }),
        'orderName must not contain NUL characters',
      );
      await expect400(
        json(asDealer.post('/api/orders'), `{"orderName":"Lone \\ud800 car","styleGuide":"${guideId}","salesMan":"${salesPersonId}","takenImagesCount":1}`),
        'orderName must be valid Unicode text (it holds an unpaired surrogate)',
      );
      await expect400(
        json(asDealer.put(`/api/orders/${orderId}`), '{"orderName":"Low \\udc00 end"}'),
        'orderName must be valid Unicode text (it holds an unpaired surrogate)',
      );
      expect(await orderNamed('car')).toEqual([]);
      expect((await admin.get('/api/users?search=Nul').expect(200)).body.total).toBe(0);
      expect((await asDealer.get(`/api/orders/${orderId}`).expect(200)).body.orderName).toBe('Hardening order');
    });

    it('in a key of sensor data stores no image', async () => {
      await expect400(
        asDealer.post('/api/images/get-signed-url-for-upload').send({ order: orderId, position: 1, fileSize: 1000, width: 640, height: 480, sensorData: { 'pi\u0000tch': 1 } }),
        'a field name in sensorData must not contain NUL characters',
      );
      expect((await asDealer.get(`/api/images/order/${orderId}`).expect(200)).body).toEqual([]);
    });
  });

  describe('null for a field that must have a value, on every update route', () => {
    type Row = [string, string, () => string, unknown];
    const rows: Row[] = [
      ['/api/orders', 'orderName', () => orderId, 'Hardening order'],
      ['/api/orders', 'salesMan', () => orderId, undefined],
      ['/api/style-guides', 'name', () => guideId, 'Hardening guide'],
      ['/api/style-guides', 'outputWidth', () => guideId, 1600],
      ['/api/style-guides', 'customerNote', () => guideId, undefined],
      ['/api/style-guides', 'windows', () => guideId, 'opaque'],
      ['/api/style-guides', 'numberPlates', () => guideId, 'off'],
      ['/api/style-guides', 'numberPlateColor', () => guideId, '#FFFFFF'],
      ['/api/style-guide-configurations', 'position', () => configurationId, 1],
      ['/api/style-guide-configurations', 'routeTo', () => configurationId, 'bypass'],
      ['/api/style-guide-configurations', 'withLogo', () => configurationId, undefined],
      ['/api/style-guide-configurations', 'margins', () => configurationId, undefined],
      ['/api/tags', 'name', () => tagId, 'Urgent'],
      ['/api/tags', 'color', () => tagId, 'red'],
      ['/api/banner', 'isActive', () => bannerId, false],
      ['/api/banner', 'message', () => bannerId, 'Maintenance tonight'],
      ['/api/angle', 'name', () => angleId, undefined],
      ['/api/angle', 'defaultAngleOverlayId', () => angleId, undefined],
      ['/api/car-types', 'carTypeName', () => carTypeId, 'Sedan'],
      ['/api/car-types', 'iconMediaId', () => carTypeId, undefined],
      ['/api/app-versions', 'versionString', () => appVersionId, '3.1.4'],
      ['/api/app-versions', 'platform', () => appVersionId, 'Android'],
    ];
    const READABLE: Record<string, RegExp> = { versionString: /^Write the version as three numbers with dots, like 1\.2\.34/ };
    const readPath = (base: string, id: string) => (base === '/api/banner' ? `${base}/by-id/${id}` : `${base}/${id}`);

    it.each(rows)('PUT %s/{id} {%s: null} answers 400 and changes nothing', async (base, field, id, expected) => {
      const before = withoutLinks((await admin.get(readPath(base, id())).expect(200)).body);
      if (expected !== undefined) expect((before as Record<string, unknown>)[field]).toEqual(expected);
      // the field's own sentence: the class-validator form, or a written one (the app version's)
      await expect400(admin.put(`${base}/${id()}`).send({ [field]: null }), READABLE[field] ?? new RegExp(`^${field} must `));
      const after = withoutLinks((await admin.get(readPath(base, id())).expect(200)).body);
      expect(after).toEqual(before);
    });

    it('a banner created with isActive null is refused, not shown to everyone', async () => {
      await expect400(admin.post('/api/banner').send({ message: 'Null banner', isActive: null }), 'isActive must be a boolean value');
      const seen = (await asDealer.get('/api/banner').expect(200)).body.items as Array<{ message: string }>;
      expect(seen.map((b) => b.message)).not.toContain('Null banner');
      expect(seen.map((b) => b.message)).not.toContain('Maintenance tonight');
    });

    it('a field documented as nullable still clears its value', async () => {
      await asDealer.put(`/api/orders/${orderId}`).send({ orderName: 'Hardening order' }).expect(200);
      await admin.put(`/api/style-guide-configurations/${configurationId}`).send({ positionAfterFrameFree: 3 }).expect(200);
      const cleared = await admin.put(`/api/style-guide-configurations/${configurationId}`).send({ positionAfterFrameFree: null }).expect(200);
      expect(cleared.body.positionAfterFrameFree).toBeNull();
    });

    it('OpenAPI marks exactly the clearable fields nullable', async () => {
      const doc = (await stack.http().get('/api/docs/openapi.json').expect(200)).body as {
        components: { schemas: Record<string, { properties: Record<string, { nullable?: boolean }> }> };
      };
      const nullableOf = (schema: string) =>
        Object.entries(doc.components.schemas[schema].properties)
          .filter(([, p]) => p.nullable)
          .map(([name]) => name)
          .sort();
      expect(nullableOf('UpdateOrderBody')).toEqual(['carType', 'note']);
      expect(nullableOf('BannerPatch')).toEqual([]);
      expect(nullableOf('TagPatch')).toEqual([]);
      expect(nullableOf('AppVersionPatch')).toEqual([]);
      expect(nullableOf('CarTypePatch')).toEqual(['category']);
      expect(nullableOf('AnglePatch')).toEqual(['defaultFrameOverlayId']);
    });
  });

  describe('numbers PostgreSQL cannot store', () => {
    it.each([
      ['a price of 1e-7 on an account', () => admin.put(`/api/users/${dealer.id}`).send({ subscriptionPrice: 1e-7 }), 'subscriptionPrice must be a number with at most 2 decimal places'],
      ['a zoom of 1e-300 on an account', () => admin.put(`/api/users/${dealer.id}`).send({ minimumZoomValue: 1e-300 }), /^minimumZoomValue must /],
      ['a horizon line of 1e-300', () => admin.put(`/api/style-guide-configurations/${configurationId}`).send({ horizonLineHeight: 1e-300 }), 'horizonLineHeight must be a number with at most 2 decimal places'],
      ['a margin of 1e-7', () => admin.put(`/api/style-guide-configurations/${configurationId}`).send({ margins: { top: 1e-7, right: 5, bottom: 4, left: 5 } }), 'margins.top must be a number with at most 2 decimal places'],
    ])('%s answers 400 and changes nothing', async (_name, request, message) => {
      const read = async () => ({
        account: (await admin.get(`/api/users/${dealer.id}`).expect(200)).body,
        configuration: withoutLinks((await admin.get(`/api/style-guide-configurations/${configurationId}`).expect(200)).body),
      });
      const before = await read();
      await expect400(request(), message);
      expect(await read()).toEqual(before);
    });

    it('an account created with a price of 1e-300 is not stored', async () => {
      await expect400(
        admin.post('/api/users/createAccountWithoutCognito').send({
          email: 'tiny-price@example.test',
          displayName: 'Tiny Price Cars',
          address: { country: 'Denmark' },
          contactPerson: { name: 'Tina', email: 'tina@example.test' },
          subscriptionPrice: 1e-300,
        }),
        'subscriptionPrice must be a number with at most 2 decimal places',
      );
      expect((await admin.get('/api/users?search=Tiny').expect(200)).body.total).toBe(0);
    });

    it('a price with cents is still taken', async () => {
      expect((await admin.put(`/api/users/${dealer.id}`).send({ subscriptionPrice: 12.5 }).expect(200)).body.subscriptionPrice).toBe(12.5);
      expect((await admin.put(`/api/style-guide-configurations/${configurationId}`).send({ horizonLineHeight: 47.25 }).expect(200)).body.horizonLineHeight).toBe(47.25);
    });
  });

  describe('wrong types are refused, not coerced', () => {
    const upload = (extra: Record<string, unknown>) => () => ({ order: orderId, position: 1, fileSize: 1000, width: 640, height: 480, ...extra });

    it.each([
      ['takenImagesCount: true', () => asDealer.post('/api/orders').send({ orderName: 'Coerced car', styleGuide: guideId, salesMan: salesPersonId, takenImagesCount: true }), /takenImagesCount must be an integer number/],
      ['takenImagesCount: "2"', () => asDealer.post('/api/orders').send({ orderName: 'Coerced car', styleGuide: guideId, salesMan: salesPersonId, takenImagesCount: '2' }), /takenImagesCount must be an integer number/],
      ['deviceInformation: [] (a list for an object)', () => asDealer.post('/api/orders').send({ orderName: 'Coerced car', styleGuide: guideId, salesMan: salesPersonId, takenImagesCount: 2, deviceInformation: [] }), 'deviceInformation must be an object'],
    ])('an order with %s is not created', async (_name, request, message) => {
      await expect400(request(), message);
      expect(await orderNamed('Coerced')).toEqual([]);
    });

    it.each([
      ['position: true', upload({ position: true }), /position must be an integer number/],
      ['width: "640"', upload({ width: '640' }), /width must be an integer number/],
      ['fileSize: "1000"', upload({ fileSize: '1000' }), /fileSize must be an integer number/],
      ['900 KB of sensorData', upload({ sensorData: { samples: 'x'.repeat(900_000) } }), SENSOR_MESSAGE],
      ['sensorData nested too deep', upload({ sensorData: { a: { b: { c: { d: { e: 1 } } } } } }), SENSOR_MESSAGE],
      ['sensorData as a list', upload({ sensorData: [1, 2, 3] }), SENSOR_MESSAGE],
      ['sensorData as text', upload({ sensorData: 'pitch=1' }), SENSOR_MESSAGE],
    ])('an image upload with %s stores no image', async (_name, body, message) => {
      await expect400(asDealer.post('/api/images/get-signed-url-for-upload').send(body()), message);
      expect((await asDealer.get(`/api/images/order/${orderId}`).expect(200)).body).toEqual([]);
    });

    it('an account whose address is a list is not created', async () => {
      await expect400(
        admin.post('/api/users/createAccountWithoutCognito').send({
          email: 'list-address@example.test',
          displayName: 'List Address Cars',
          address: [],
          contactPerson: { name: 'Lis', email: 'lis@example.test' },
        }),
        'address must be an object',
      );
      expect((await admin.get('/api/users?search=List%20Address').expect(200)).body.total).toBe(0);
    });

    it('sensor data of a normal size is stored as sent', async () => {
      const sensorData = { pitch: -2.5, roll: 0.8, heading: 41, accelerometer: { x: 0.01, y: -9.8, z: 0.2 } };
      const res = await asDealer.post('/api/images/get-signed-url-for-upload').send(upload({ position: 2, sensorData })()).expect(201);
      const image = (await asDealer.get(`/api/images/data/${res.body.imageId}`).expect(200)).body;
      expect(image.sensorData).toEqual(sensorData);
    });
  });
});
