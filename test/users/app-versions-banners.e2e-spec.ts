import { createAccount, signIn, startTestStack, type TestStack, type UserSession } from '../support';

describe('app versions and banners through the API', () => {
  let stack: TestStack;
  let admin: UserSession;
  let dealer: UserSession;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'versions_banners', services: ['users'] });
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    dealer = await signIn(stack, (await createAccount(stack, { role: 'Dealership' })).email);
  });

  afterAll(async () => {
    await stack?.close();
  });

  describe('app versions', () => {
    it('adds versions of the form 1.2.34, Android by default', async () => {
      const v = await admin.post('/api/app-versions').send({ versionString: '1.2.34' }).expect(201);
      expect(v.body).toMatchObject({ versionString: '1.2.34', platform: 'Android', needsDatabaseDeleteOnMobile: false, isTheRequiredMinimumVersionCurrently: false });
      const bad = await admin.post('/api/app-versions').send({ versionString: '1.2' }).expect(400);
      expect(bad.body.message).toBe('Write the version as three numbers with dots, like 1.2.34');
      const dup = await admin.post('/api/app-versions').send({ versionString: '1.2.34', platform: 'Android' }).expect(409);
      expect(dup.body.message).toBe('This version already exists for this platform');
      await admin.post('/api/app-versions').send({ versionString: '1.2.34', platform: 'iOS' }).expect(201);
    });

    it('keeps one required minimum per platform: a new one replaces the old', async () => {
      const a = await admin.post('/api/app-versions').send({ versionString: '2.0.0', isTheRequiredMinimumVersionCurrently: true }).expect(201);
      const ios = await admin.post('/api/app-versions').send({ versionString: '2.0.0', platform: 'iOS', isTheRequiredMinimumVersionCurrently: true }).expect(201);
      const b = await admin.post('/api/app-versions').send({ versionString: '2.1.0', isTheRequiredMinimumVersionCurrently: true }).expect(201);
      expect(b.body.isTheRequiredMinimumVersionCurrently).toBe(true);
      expect((await admin.get(`/api/app-versions/${a.body.id}`).expect(200)).body.isTheRequiredMinimumVersionCurrently).toBe(false);
      expect((await admin.get(`/api/app-versions/${ios.body.id}`).expect(200)).body.isTheRequiredMinimumVersionCurrently).toBe(true);
      // back to the first through an update
      await admin.put(`/api/app-versions/${a.body.id}`).send({ isTheRequiredMinimumVersionCurrently: true }).expect(200);
      const android = await admin.get('/api/app-versions?platform=Android').expect(200);
      expect(android.body.items.filter((v: { isTheRequiredMinimumVersionCurrently: boolean }) => v.isTheRequiredMinimumVersionCurrently).map((v: { versionString: string }) => v.versionString)).toEqual(['2.0.0']);
    });

    it('is readable without signing in (the app checks before sign-in); only the admin changes it', async () => {
      const list = await stack.http().get('/api/app-versions?platform=iOS').expect(200);
      expect(list.body.items.map((v: { versionString: string }) => v.versionString).sort()).toEqual(['1.2.34', '2.0.0']);
      await dealer.post('/api/app-versions').send({ versionString: '9.9.9' }).expect(403);
      await stack.http().post('/api/app-versions').send({ versionString: '9.9.9' }).expect(401);
      const v = list.body.items[0];
      await dealer.delete(`/api/app-versions/${v.id}`).expect(403);
      await admin.delete(`/api/app-versions/${v.id}`).expect(200);
      const gone = await admin.delete(`/api/app-versions/${v.id}`).expect(404);
      expect(gone.body.message).toBe('App version not found');
    });
  });

  describe('app settings', () => {
    it('are read by everyone signed in and changed by the admin, each value read by its type', async () => {
      const list = await dealer.get('/api/appSettings').expect(200);
      expect(list.body.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['CONTACT_EMAIL', 'CONTACT_NUMBER_DK', 'CONTACT_NUMBER_INT']));
      const changed = await admin.put('/api/appSettings/CONTACT_NUMBER_DK').send({ value: ' +45 11 22 33 44 ' }).expect(200);
      // the settings the installation started with: one text value each, no category
      expect(changed.body).toEqual({ name: 'CONTACT_NUMBER_DK', value: '+45 11 22 33 44', valueType: 'string', category: null, settingType: 'SINGLE_VALUE' });
      const seen = await dealer.get('/api/appSettings').expect(200);
      expect(seen.body.find((s: { name: string }) => s.name === 'CONTACT_NUMBER_DK').value).toBe('+45 11 22 33 44');
      await dealer.put('/api/appSettings/CONTACT_NUMBER_DK').send({ value: '1' }).expect(403);
      const missing = await admin.put('/api/appSettings/NO_SUCH_SETTING').send({ value: 'x' }).expect(404);
      expect(missing.body.message).toBe('App setting not found');
      const badName = await admin.put('/api/appSettings/lower-case').send({ value: 'x' }).expect(400);
      expect(badName.body.message).toBe('name must be an app setting name like CONTACT_EMAIL');
    });

    it('refuses a value that does not read as the setting type', async () => {
      const c = new (await import('pg')).Client({ connectionString: stack.db.url });
      await c.connect();
      await c.query("INSERT INTO users.app_setting (name, value, value_type) VALUES ('ANGLE_CORRECTOR', 'false', 'boolean')");
      await c.end();
      const bad = await admin.put('/api/appSettings/ANGLE_CORRECTOR').send({ value: 'yes' }).expect(400);
      expect(bad.body.message).toBe('ANGLE_CORRECTOR takes true or false');
      const ok = await admin.put('/api/appSettings/ANGLE_CORRECTOR').send({ value: 'TRUE' }).expect(200);
      expect(ok.body.value).toBe('true');
    });

    it('the admin adds a setting with its value type, category and one or several values; others may not', async () => {
      const zoom = await admin
        .post('/api/appSettings')
        .send({ name: 'DEFAULT_ZOOM_STEPS', value: ' 0.5 ,1, 1.5 ', valueType: 'number', category: 'DEFAULT_ZOOM', settingType: 'MULTI_VALUE' })
        .expect(201);
      expect(zoom.body).toEqual({ name: 'DEFAULT_ZOOM_STEPS', value: '0.5, 1, 1.5', valueType: 'number', category: 'DEFAULT_ZOOM', settingType: 'MULTI_VALUE' });
      const fix = await admin.post('/api/appSettings').send({ name: 'ANGLE_FIX_ON', value: 'False', valueType: 'boolean', category: 'ANGLE_CORRECTOR' }).expect(201);
      expect(fix.body).toEqual({ name: 'ANGLE_FIX_ON', value: 'false', valueType: 'boolean', category: 'ANGLE_CORRECTOR', settingType: 'SINGLE_VALUE' });
      const launch = await admin.post('/api/appSettings').send({ name: 'LAUNCH_DAY', value: '2027-01-31', valueType: 'date', category: null }).expect(201);
      expect(launch.body).toMatchObject({ value: '2027-01-31', category: null, settingType: 'SINGLE_VALUE' });
      // everyone signed in reads them
      const seen = (await dealer.get('/api/appSettings').expect(200)).body as Array<{ name: string }>;
      expect(seen.find((s) => s.name === 'DEFAULT_ZOOM_STEPS')).toEqual(zoom.body);

      // each item of a list is read by the type, on a change too
      const badItem = await admin.put('/api/appSettings/DEFAULT_ZOOM_STEPS').send({ value: '1, two' }).expect(400);
      expect(badItem.body.message).toBe('DEFAULT_ZOOM_STEPS takes a list of numbers separated by commas');
      await admin.put('/api/appSettings/DEFAULT_ZOOM_STEPS').send({ value: '1,' }).expect(400);
      expect((await admin.put('/api/appSettings/DEFAULT_ZOOM_STEPS').send({ value: '0.8,1.2' }).expect(200)).body.value).toBe('0.8, 1.2');

      const refusals: Array<[Record<string, unknown>, number, string]> = [
        [{ name: 'DEFAULT_ZOOM_STEPS', value: '1', valueType: 'number' }, 409, 'An app setting named DEFAULT_ZOOM_STEPS already exists'],
        [{ name: 'lower_case', value: 'x', valueType: 'string' }, 400, 'name is not valid: use upper-case letters, digits and underscores, starting with a letter (CONTACT_EMAIL)'],
        [{ name: 'A_NUMBER', value: '12abc', valueType: 'number' }, 400, 'A_NUMBER takes a number'],
        [{ name: 'A_DATE', value: '2027-02-30', valueType: 'date' }, 400, 'A_DATE takes a date (YYYY-MM-DD)'],
        [{ name: 'A_FLAG', value: 'yes', valueType: 'boolean' }, 400, 'A_FLAG takes true or false'],
        [{ name: 'A_DATES', value: '2027-01-01, soon', valueType: 'date', settingType: 'MULTI_VALUE' }, 400, 'A_DATES takes a list of dates (YYYY-MM-DD) separated by commas'],
      ];
      for (const [body, status, message] of refusals) {
        const res = await admin.post('/api/appSettings').send(body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
      }
      for (const body of [
        { name: 'X_ONE', value: '1', valueType: 'colour' },
        { name: 'X_TWO', value: '1', valueType: 'number', category: 'ZOOM' },
        { name: 'X_THREE', value: '1', valueType: 'number', settingType: 'MANY' },
        { name: 'X_FOUR', value: 'x'.repeat(501), valueType: 'string' },
      ]) {
        expect({ body, status: (await admin.post('/api/appSettings').send(body)).status }).toEqual({ body, status: 400 });
      }
      await dealer.post('/api/appSettings').send({ name: 'DEALER_SETTING', value: 'x', valueType: 'string' }).expect(403);
      expect(((await admin.get('/api/appSettings').expect(200)).body as Array<{ name: string }>).some((s) => s.name === 'DEALER_SETTING' || s.name === 'A_NUMBER')).toBe(false);
    });
  });

  describe('banners', () => {
    it('shows visible banners to everyone and hidden ones to the admin only', async () => {
      const shown = await admin.post('/api/banner').send({ message: '  Maintenance on Sunday 22:00  ', isActive: true }).expect(201);
      expect(shown.body).toMatchObject({ message: 'Maintenance on Sunday 22:00', isActive: true });
      const hidden = await admin.post('/api/banner').send({ message: 'Draft', isActive: false }).expect(201);
      const forDealer = await dealer.get('/api/banner').expect(200);
      expect(forDealer.body.items.map((b: { message: string }) => b.message)).toEqual(['Maintenance on Sunday 22:00']);
      await dealer.get(`/api/banner/by-id/${hidden.body.id}`).expect(404);
      const forAdmin = await admin.get('/api/banner?isActive=false').expect(200);
      expect(forAdmin.body.items.map((b: { message: string }) => b.message)).toEqual(['Draft']);
      await admin.put(`/api/banner/${hidden.body.id}`).send({ isActive: true }).expect(200);
      expect((await dealer.get('/api/banner').expect(200)).body.total).toBe(2);
    });

    it('a new banner is hidden until the admin publishes it: the mobile app users see nothing of it before', async () => {
      const draft = await admin.post('/api/banner').send({ message: 'Winter tyres campaign' }).expect(201);
      expect(draft.body).toMatchObject({ message: 'Winter tyres campaign', isActive: false });
      const before = (await dealer.get('/api/banner').expect(200)).body.items.map((b: { message: string }) => b.message);
      expect(before).not.toContain('Winter tyres campaign');
      await dealer.get(`/api/banner/by-id/${draft.body.id}`).expect(404);
      await admin.put(`/api/banner/${draft.body.id}`).send({ isActive: true }).expect(200);
      const after = (await dealer.get('/api/banner').expect(200)).body.items.map((b: { message: string }) => b.message);
      expect(after).toContain('Winter tyres campaign');
    });

    it('needs a message, and only the admin writes', async () => {
      const empty = await admin.post('/api/banner').send({ message: '   ' }).expect(400);
      expect(empty.body.message).toBe('message must be longer than or equal to 1 characters');
      await dealer.post('/api/banner').send({ message: 'Mine' }).expect(403);
    });
  });
});
