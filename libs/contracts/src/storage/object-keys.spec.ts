import { MEDIA_OBJECT_KEY, ObjectKeys } from './object-keys';

const O = '0b0e7c2e-1b7a-4c51-9a34-1c2d3e4f5a6b';
const I = '5f4e3d2c-1b0a-4987-8654-3210fedcba98';
const V = '11111111-2222-4333-8444-555555555555';

describe('ObjectKeys: the bucket layout, built and read back in one place', () => {
  it('builds the keys stored in databases exactly as before (a change would strand stored objects)', () => {
    expect(ObjectKeys.image(O, I, 'original', 'png')).toBe(`orders/${O}/images/${I}/original.png`);
    expect(ObjectKeys.imageOutputs(O, I)).toEqual({
      optimized: `orders/${O}/images/${I}/optimized.jpg`,
      thumb: `orders/${O}/images/${I}/thumb.jpg`,
      listThumb: `orders/${O}/images/${I}/thumb-list.jpg`,
    });
    expect(ObjectKeys.versionOutputs(O, I, V)).toEqual({
      optimized: `orders/${O}/images/${I}/versions/${V}.jpg`,
      thumb: `orders/${O}/images/${I}/versions/${V}.thumb.jpg`,
    });
    expect(ObjectKeys.imageUpload(O, I, 'tok', 'jpg')).toBe(`orders/${O}/images/${I}/uploads/tok.jpg`);
    expect(ObjectKeys.video(O, 'v1', 'thumb', 'jpg')).toBe(`orders/${O}/videos/v1/thumb.jpg`);
    expect(ObjectKeys.media360Frame(O, 'm1', 0, 'jpg')).toBe(`orders/${O}/media360/m1/frame-001.jpg`);
    expect(ObjectKeys.media('logo', 'x1', 'png')).toBe('media/logo/x1.png');
    expect(ObjectKeys.download('b1')).toBe('downloads/b1.zip');
    expect(ObjectKeys.delivery('d1', 'front', 'jpg')).toBe('deliveries/d1/front.jpg');
    expect(ObjectKeys.delivery('d1', 'front', 'jpg').startsWith(ObjectKeys.deliveriesPrefix)).toBe(true);
  });

  it('never builds a key from an id that could leave its prefix', () => {
    expect(() => ObjectKeys.image('../x', I, 'original', 'jpg')).toThrow('invalid order id');
    expect(() => ObjectKeys.image(O, I, 'original', 'j/pg')).toThrow('invalid extension');
    expect(() => ObjectKeys.imageOutputs(O, 'a/b')).toThrow('invalid image id');
  });

  it('reads back what it builds', () => {
    expect(ObjectKeys.parse(ObjectKeys.image(O, I, 'original', 'heic'))).toEqual({ kind: 'image', orderId: O, imageId: I, file: 'original', extension: 'heic' });
    expect(ObjectKeys.parse(ObjectKeys.imageOutputs(O, I).listThumb)).toMatchObject({ kind: 'image', file: 'thumb-list' });
    expect(ObjectKeys.parse(ObjectKeys.versionOutputs(O, I, V).thumb)).toEqual({ kind: 'imageVersion', orderId: O, imageId: I, versionId: V, file: 'thumb' });
    expect(ObjectKeys.parse(ObjectKeys.versionOutputs(O, I, V).optimized)).toMatchObject({ kind: 'imageVersion', file: 'picture' });
    expect(ObjectKeys.parse(ObjectKeys.media('logo', 'x1', 'png'))).toEqual({ kind: 'media', mediaKind: 'logo', mediaId: 'x1', extension: 'png' });
    expect(ObjectKeys.parse(ObjectKeys.imageUpload(O, I, 'tok', 'jpg'))).toBeNull();
    expect(ObjectKeys.parse(ObjectKeys.download('b1'))).toBeNull();
  });

  it("tells an image's original from any other key (the only source a pipeline job may read)", () => {
    expect(ObjectKeys.isImageOriginal(`orders/${O}/images/${I}/original.jpg`, O, I)).toBe(true);
    expect(ObjectKeys.isImageOriginal(`orders/${O}/images/${I}/optimized.jpg`, O, I)).toBe(false);
    expect(ObjectKeys.isImageOriginal(`orders/${O}/images/${I}/original.jpg`, O, V)).toBe(false);
    expect(ObjectKeys.isImageOriginal(`orders/${O}/images/${I}/original.jpg/../x`, O, I)).toBe(false);
    expect(ObjectKeys.isImageOriginal(`orders/${O}/images/${I}/uploads/original.jpg`, O, I)).toBe(false);
  });

  it("accepts only a medium's final key as a pipeline job's logo or background", () => {
    expect(MEDIA_OBJECT_KEY.test('media/logo/x1.png')).toBe(true);
    expect(MEDIA_OBJECT_KEY.test('media/logo/uploads/x1/tok.png')).toBe(false);
    expect(MEDIA_OBJECT_KEY.test(`orders/${O}/images/${I}/original.jpg`)).toBe(false);
  });
});
