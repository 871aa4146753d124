import { randomUUID } from 'node:crypto';
import { pipelineVersionOutputKeys, type PipelineJob } from '@app/contracts';
import sharp from 'sharp';
import { createPipelineTestbed, makeJob, OUT, type JobSpec, type PipelineTestbed } from './helpers/pipeline-testbed';
import { carScene, solidPng } from './helpers/test-images';

const COMPOSITE = 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';
const ENHANCED = 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicallyEnhanced';

/**
 * What the pipeline's output says about itself: the XMP of every output names how the photo
 * was edited (read back as any reader would, with sharp), and the account's edited-image
 * label draws a visible mark in the bottom-left corner, and only there, only when asked.
 */
describe('pipeline edit disclosure', () => {
  let bed: PipelineTestbed;
  const background = `media/background/${randomUUID()}.png`;

  beforeAll(async () => {
    bed = await createPipelineTestbed('pipeline_disclosure');
    await bed.storage.put(background, await solidPng(800, 450, '#2050c0'), 'image/png');
    await bed.startPipeline();
  });

  afterAll(async () => {
    await bed?.close();
  });

  async function run(job: PipelineJob, original: Buffer): Promise<Buffer> {
    await bed.submit(job, original);
    const result = await bed.results.next(job.jobId);
    if (result.kind !== 'processed') throw new Error(`job failed: ${result.event.reason}`);
    return bed.storage.getBuffer(job.outputKeys.optimized);
  }
  const process = (spec: JobSpec, original: Buffer, extra: Partial<PipelineJob> = {}) => run({ ...makeJob(spec), ...extra }, original);
  const xmpOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).xmp?.toString('utf8') ?? '';

  it('an AI-background output is a composite: background replaced, cropped, enhanced, with a shadow', async () => {
    const xmp = await xmpOf(await process({ route: 'full', settings: { withLogo: false, media: { background } } }, await carScene()));
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${COMPOSITE}"`);
    expect(xmp).toContain('Digitally edited: cropped, enhanced, background replaced, shadow added.');
    expect(xmp).toMatch(/<dc:description>[\s\S]*background replaced[\s\S]*<\/dc:description>/);
    expect(xmp).toContain('photoshop:History="Digitally edited: cropped, enhanced, background replaced, shadow added."');
  });

  it('an enhancer output is algorithmically enhanced, with no word of a new background', async () => {
    const xmp = await xmpOf(await process({ route: 'enhancer' }, await carScene({ contrast: 0.4 })));
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${ENHANCED}"`);
    expect(xmp).toContain('Digitally edited: resized, enhanced.');
    expect(xmp).not.toContain('background replaced');
  });

  it('the edited-image label changes the pixels of the bottom-left corner only, and only when the job carries it', async () => {
    const photo = await carScene();
    const plainJob = makeJob({ route: 'bypass' });
    const [plain, marked] = await Promise.all([
      run(plainJob, photo).then((b) => sharp(b).raw().toBuffer()),
      process({ route: 'bypass' }, photo, { editedImageLabel: true }).then(async (b) => {
        expect(await xmpOf(b)).toContain('Digitally edited: resized, digitally edited label added.');
        return sharp(b).raw().toBuffer();
      }),
    ]);
    const meanDiff = (x0: number, y0: number, w: number, h: number) => {
      let sum = 0;
      for (let y = y0; y < y0 + h; y++) {
        for (let x = x0; x < x0 + w; x++) {
          const i = (y * OUT.width + x) * 3;
          for (let c = 0; c < 3; c++) sum += Math.abs(plain[i + c]! - marked[i + c]!);
        }
      }
      return sum / (w * h * 3);
    };
    // the mark: inset 2% of the short side (7 px), 4.5% high (16 px), bottom-left
    expect(meanDiff(10, OUT.height - 7 - 14, 50, 10)).toBeGreaterThan(15);
    // the other corners and the middle are the same picture
    expect(meanDiff(OUT.width - 60, 5, 50, 40)).toBeLessThan(2);
    expect(meanDiff(OUT.width - 60, OUT.height - 45, 50, 40)).toBeLessThan(2);
    expect(meanDiff(OUT.width / 2 - 40, OUT.height / 2 - 30, 80, 60)).toBeLessThan(2);
  });

  it("a test job writes its version's own keys and leaves the image's outputs alone", async () => {
    const photo = await carScene();
    const first = makeJob({ route: 'bypass' });
    const before = await run(first, photo);
    const versionId = randomUUID();
    const test: PipelineJob = {
      ...makeJob({ route: 'enhancer', orderId: first.orderId, imageId: first.imageId }),
      lane: 'bulk',
      versionId,
      outputKeys: pipelineVersionOutputKeys(first.orderId, first.imageId, versionId),
      requestedAt: new Date(Date.now() - 60_000).toISOString(),
    };
    const version = await run(test, photo);
    expect(await xmpOf(version)).toContain('enhanced');
    expect((await bed.storage.getBuffer(first.outputKeys.optimized)).equals(before)).toBe(true);
    // a job naming another image's version keys is refused
    const stray = { ...makeJob({ route: 'bypass' }), versionId, outputKeys: pipelineVersionOutputKeys(first.orderId, first.imageId, versionId) };
    await bed.submit(stray, photo);
    const refused = await bed.results.next(stray.jobId);
    expect(refused.kind === 'failed' && refused.event.code).toBe('invalid-job');
  });
});
