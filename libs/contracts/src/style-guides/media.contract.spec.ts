import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateMediaBody, formatValidationErrors } from '@app/contracts';

async function refusal(body: object): Promise<string | null> {
  const errors = await validate(plainToInstance(CreateMediaBody, body), { whitelist: true, forbidNonWhitelisted: true });
  return errors.length ? formatValidationErrors(errors) : null;
}

describe('a new medium (logo, background, overlay …) as asked for', () => {
  it('takes a JPEG, PNG or WebP extension, with or without its dot, in any letter case', async () => {
    for (const ext of ['jpg', 'jpeg', 'png', 'webp', '.PNG', ' Jpg ']) expect(await refusal({ fileExtension: ext, mediaType: 'logo' })).toBeNull();
    expect(plainToInstance(CreateMediaBody, { fileExtension: ' .WebP', mediaType: 'logo' }).fileExtension).toBe('webp');
  });

  it('refuses an SVG, saying why and what to upload instead', async () => {
    expect(await refusal({ fileExtension: '.svg', mediaType: 'logo' })).toBe('SVG files are not accepted as media: upload a PNG, JPEG or WebP image');
  });

  it('refuses any other extension, naming those it takes', async () => {
    expect(await refusal({ fileExtension: 'gif', mediaType: 'logo' })).toBe('fileExtension must be one of jpg, jpeg, png, webp');
  });
});
