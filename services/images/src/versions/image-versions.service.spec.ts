import type { Actor } from '@app/contracts';
import type { Image } from '../images/image.entity';
import type { ImageVersion } from './image-version.entity';
import { RpcError } from '@app/contracts';
import { assertRestorable, restoredLabels, visibleVersions } from './image-versions.service';

const actor = (role: Actor['role']): Actor => ({ userId: '00000000-0000-4000-8000-000000000001', role, permissions: [], requestId: 'r' });
const version = (kind: ImageVersion['kind'], route: ImageVersion['route'] = null, fileKey = `${kind}.jpg`) => ({ id: kind, kind, route, fileKey }) as ImageVersion;
const ALL = [version('original'), version('pipeline', 'full'), version('replacement'), version('test', 'enhancer'), version('restore', 'full')];
const SHARED = { originalKey: 'original.jpg', sharedOriginalKey: 'original-shared.jpg' };

describe('visibleVersions', () => {
  it('staff see every version', () => {
    for (const role of ['Admin', 'QA'] as const) {
      expect(visibleVersions(actor(role), ALL, { originalKey: 'original.jpg', sharedOriginalKey: null }).map((v) => v.kind)).toEqual([
        'original',
        'pipeline',
        'replacement',
        'test',
        'restore',
      ]);
    }
  });

  it('a dealership, its sales people and management see no test output, and their original once it has its shared copy', () => {
    for (const role of ['Dealership', 'Management'] as const) {
      expect(visibleVersions(actor(role), ALL, SHARED).map((v) => v.kind)).toEqual([
        'original',
        'pipeline',
        'replacement',
        'restore',
      ]);
    }
  });

  it('an original a dealership could not open is not listed for it (no empty entry): none shared yet, or an earlier one', () => {
    const kinds = (versions: ImageVersion[], image: typeof SHARED | { originalKey: string; sharedOriginalKey: null }) =>
      visibleVersions(actor('Dealership'), versions, image).map((v) => v.kind);
    expect(kinds(ALL, { originalKey: 'original.jpg', sharedOriginalKey: null })).toEqual(['pipeline', 'replacement', 'restore']);
    expect(kinds([version('original', null, 'earlier.jpg'), ...ALL], SHARED)).toEqual(['original', 'pipeline', 'replacement', 'restore']);
    expect(visibleVersions(actor('Dealership'), [version('original', null, 'earlier.jpg'), ...ALL], SHARED)[0]!.fileKey).toBe('original.jpg');
  });
});

describe('restoredLabels', () => {
  const image = { types: ['optimized', 'AI'] as Image['types'], optimisedVia: 'full' as const };

  it("a pipeline or test output brings back its route's labels", () => {
    expect(restoredLabels(image, version('pipeline', 'enhancer'))).toEqual({ types: ['optimized', 'enhanced'], optimisedVia: 'enhancer' });
    expect(restoredLabels(image, version('test', 'bypass'))).toEqual({ types: ['optimized', 'bypassed'], optimisedVia: 'bypass' });
  });

  it("any other version is a finished picture: optimized, never original, the image's route kept", () => {
    expect(restoredLabels({ types: ['original'], optimisedVia: null }, version('original'))).toEqual({ types: ['optimized'], optimisedVia: null });
    expect(restoredLabels(image, version('replacement'))).toEqual({ types: ['optimized', 'AI'], optimisedVia: 'full' });
  });
});

describe('assertRestorable', () => {
  it('refuses while a pipeline job of the image is in flight, with 409 and why', () => {
    let refusal: unknown;
    try {
      assertRestorable({ optimisationStatus: 'queued' });
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(RpcError);
    expect(refusal).toMatchObject({ status: 409, message: 'The picture is being processed; restore a version once the result is in' });
  });

  it('takes a processed picture, and one the pipeline failed on', () => {
    expect(() => assertRestorable({ optimisationStatus: 'completed' })).not.toThrow();
    expect(() => assertRestorable({ optimisationStatus: 'rejected' })).not.toThrow();
  });
});
