import type { StyleGuidePipelineSettings } from '@app/contracts';
import { safeFileName } from '../downloads/downloads.service';
import { PipelineJobsService } from '../pipeline-results/pipeline-jobs.service';
import { processedTypes } from '../pipeline-results/pipeline-results.consumer';
import { lastProblem, parseDuration } from '../videos/video-files';
import { imageLabel } from './image-views';

describe('image labels', () => {
  const image = (optimisationStatus: Parameters<typeof imageLabel>[0]['optimisationStatus'], extra: Partial<Parameters<typeof imageLabel>[0]> = {}) => ({
    optimisationStatus,
    needsEdition: false,
    approved: false,
    ...extra,
  });

  it('follows the picture until it is processed', () => {
    expect(imageLabel(image('awaiting-upload'), null)).toBe('pending load');
    expect(imageLabel(image('upload-rejected'), null)).toBe('pending load');
    expect(imageLabel(image('queued'), { status: 'In Progress' })).toBe('pending load');
    expect(imageLabel(image('rejected'), { status: 'QA stage' })).toBe('pipeline error');
  });

  it('then QA marks, then the order', () => {
    expect(imageLabel(image('completed', { needsEdition: true }), { status: 'QA stage' })).toBe('needs edition');
    expect(imageLabel(image('completed', { approved: true }), { status: 'QA stage' })).toBe('approved');
    expect(imageLabel(image('completed'), { status: 'QA stage', QAstatus: 'Waiting For QA' })).toBe('waiting for QA');
    expect(imageLabel(image('completed'), { status: 'QA stage', QAstatus: 'Waiting For Edition' })).toBe('waiting for edition');
    expect(imageLabel(image('completed'), { status: 'Ready to download' })).toBe('ready to download');
    expect(imageLabel(image('completed'), { status: 'Completed' })).toBe('ready to download');
    expect(imageLabel(image('completed'), { status: 'In Progress' })).toBe('completed');
  });

  it('type labels of processed pictures by route', () => {
    expect(processedTypes('full')).toEqual(['optimized', 'AI']);
    expect(processedTypes('ai_no_enh')).toEqual(['optimized', 'AI']);
    expect(processedTypes('enhancer')).toEqual(['optimized', 'enhanced']);
    expect(processedTypes('bypass')).toEqual(['optimized', 'bypassed']);
    expect(processedTypes('FEATURED')).toEqual(['optimized', 'featured']);
    expect(processedTypes('logo_only')).toEqual(['optimized']);
  });
});

describe('pipeline settings of a position', () => {
  const guide = {
    styleGuideId: 'g',
    name: 'G',
    positions: [{ position: 2, route: 'enhancer', category: 'interior', angleName: 'Dashboard', settings: { position: 2 } }],
    fallback: { position: 0, route: 'bypass', category: 'exterior', angleName: null, settings: { position: 0, withLogo: true } },
  } as unknown as StyleGuidePipelineSettings;

  it('takes the configured position, else the fallback at the image position', () => {
    expect(PipelineJobsService.positionSettings(guide, 2)).toMatchObject({ route: 'enhancer', category: 'interior', angleName: 'Dashboard' });
    expect(PipelineJobsService.positionSettings(guide, 7)).toMatchObject({ position: 7, route: 'bypass', settings: { position: 7, withLogo: true } });
  });
});

describe('download names', () => {
  it('keeps names readable and safe on every system', () => {
    expect(safeFileName('VW Golf 8 GTI – WD 12 345')).toBe('VW Golf 8 GTI – WD 12 345');
    expect(safeFileName('Front left 3/4', 'image')).toBe('Front left 3-4');
    expect(safeFileName('../../etc/passwd')).toBe('-..-etc-passwd');
    expect(safeFileName('a:b*c?"d"<e>|f\\g')).toBe('a-b-c-d-e-f-g');
    expect(safeFileName('   ')).toBe('order');
    expect(safeFileName('x'.repeat(300))).toHaveLength(100);
  });
});

describe("ffmpeg's report", () => {
  it('gives the duration and the line that says what went wrong, without the file path', () => {
    expect(parseDuration('  Duration: 00:01:02.50, start: 0.000000, bitrate: 12 kb/s')).toBe(62.5);
    expect(parseDuration('nothing here')).toBeNull();
    const report = [
      'ffmpeg version 5.1.9',
      '  built with gcc 12',
      '  configuration: --prefix=/usr',
      '  libavutil      57. 28.100',
      '[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55] moov atom not found',
      '/tmp/video-0f8fad5b-d9cb-469f-a165-70867728950e: Invalid data found when processing input',
    ].join('\n');
    expect(lastProblem(report)).toBe('Invalid data found when processing input');
  });
});
