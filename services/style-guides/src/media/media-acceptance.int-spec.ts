import { inTransaction, openDatabase } from '@app/service-kit';
import { StorageService } from '@app/storage';
import { actorFor, createTestDatabase, startTestS3, testPng, type TestDatabase, type TestS3 } from '@app/testing';
import type { DataSource } from 'typeorm';
import { postToPresigned } from '../../../../test/support';
import { styleGuidesApp } from '../style-guides.app';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';

/** A deadlock as PostgreSQL reports it: `inTransaction` runs the transaction again. */
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

/**
 * A medium is accepted inside the transaction of the change that first uses it (a style
 * guide, a configuration, an angle …). When that transaction does not commit, nothing of the
 * acceptance may be lost: the staging file stays until a committed acceptance.
 */
describe('media acceptance inside a transaction that does not commit', () => {
  jest.setTimeout(60_000);
  let db: TestDatabase;
  let s3: TestS3;
  let ds: DataSource;
  let storage: StorageService;
  let media: MediaService;
  const admin = actorFor('Admin');
  const stored = async (key: string): Promise<boolean> => (await storage.head(key)) !== null;
  const row = async (id: string) => (await ds.query('SELECT uploaded, upload_key, object_key FROM utility_media WHERE id = $1', [id]))[0];

  beforeAll(async () => {
    [db, s3] = await Promise.all([createTestDatabase('media_acceptance'), startTestS3()]);
    ds = await openDatabase(styleGuidesApp.definition, { DATABASE_URL: db.url, DATABASE_POOL_SIZE: 3 });
    storage = new StorageService({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: s3.bucket, region: 'us-east-1' });
    media = new MediaService(ds, new MediaRepository(), storage);
  });

  afterAll(async () => {
    await ds?.destroy();
    await Promise.all([db?.drop(), s3?.close()]);
  });

  /** A new medium whose file has been posted to its staging key. */
  async function posted(): Promise<{ id: string; stagingKey: string; png: Buffer }> {
    const png = await testPng(40, '#335577');
    const created = await media.create(admin, { fileExtension: 'png', mediaType: 'logo' });
    expect(await postToPresigned(created.url, created.fields, png, 'image/png')).toBe(204);
    return { id: created.utilityMedia.id, stagingKey: created.fields.key, png };
  }

  it('a rolled-back acceptance leaves the medium pending with its staging file; the next one accepts it', async () => {
    const { id, stagingKey, png } = await posted();
    const refused = await inTransaction(ds, async (m) => {
      await media.requireUploaded(m, [id]);
      throw new Error('the style guide was refused after its media were checked');
    }).catch((err: Error) => err.message);
    expect(refused).toBe('the style guide was refused after its media were checked');
    expect(await row(id)).toMatchObject({ uploaded: false, upload_key: stagingKey });
    expect(await stored(stagingKey)).toBe(true);

    await inTransaction(ds, (m) => media.requireUploaded(m, [id]));
    const accepted = await row(id);
    expect(accepted).toMatchObject({ uploaded: true, upload_key: null });
    expect(await stored(stagingKey)).toBe(false);
    expect((await storage.getBuffer(accepted.object_key)).equals(png)).toBe(true);
  });

  it('a transaction run again after a deadlock accepts the medium on its second run', async () => {
    const { id, stagingKey, png } = await posted();
    let runs = 0;
    await inTransaction(ds, async (m) => {
      runs++;
      await media.requireUploaded(m, [id]);
      if (runs === 1) throw deadlock();
    });
    expect(runs).toBe(2);
    const accepted = await row(id);
    expect(accepted).toMatchObject({ uploaded: true, upload_key: null });
    expect(await stored(stagingKey)).toBe(false);
    expect((await storage.getBuffer(accepted.object_key)).equals(png)).toBe(true);
  });
});
