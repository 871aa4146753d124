import { makeJob, AUTO_REPUSH } from '../../test/helpers/pipeline-testbed';
import type { NumberPlateMode, Route, TriState } from '@app/contracts';
import { resolveJobOptions } from './job-options';

describe('resolveJobOptions', () => {
  it('gives each route its own behaviour when every switch is Auto', () => {
    const full = resolveJobOptions(makeJob({ route: 'full', settings: { withLogo: true, needsAngleCorrection: true }, desaturateYellowLight: true }));
    expect(full).toMatchObject({ removeBackground: true, crop: true, logo: true, rotationFix: true, yellowFix: true, contactShadow: true, background: { kind: 'studio' } });
    const bypass = resolveJobOptions(makeJob({ route: 'bypass', settings: { withLogo: true, needsAngleCorrection: true }, desaturateYellowLight: true }));
    expect(bypass).toMatchObject({ removeBackground: false, crop: false, logo: false, rotationFix: false, yellowFix: false });
    const enhancer = resolveJobOptions(makeJob({ route: 'enhancer', settings: { withLogo: true }, desaturateYellowLight: true }));
    expect(enhancer).toMatchObject({ removeBackground: false, crop: false, logo: false, rotationFix: false, yellowFix: true });
    expect(resolveJobOptions(makeJob({ route: 'ai_no_enh', desaturateYellowLight: true })).yellowFix).toBe(false);
    expect(resolveJobOptions(makeJob({ route: 'logo_only', settings: { withLogo: false } }))).toMatchObject({ logo: true, logoRequired: true });
    expect(resolveJobOptions(makeJob({ route: 'full', settings: { withLogo: true } })).logoRequired).toBe(false);
  });

  it('lets Enabled and Disabled win over the route on every route', () => {
    const on = { crop: 'enabled', forceLogo: 'enabled', rotationFix: 'enabled', yellowFix: 'enabled', forceBackgroundRemoval: 'enabled' } as const;
    const off = { crop: 'disabled', forceLogo: 'disabled', rotationFix: 'disabled', yellowFix: 'disabled', forceBackgroundRemoval: 'disabled' } as const;
    expect(resolveJobOptions(makeJob({ route: 'bypass', repush: on }))).toMatchObject({
      removeBackground: true,
      crop: true,
      logo: true,
      logoRequired: true,
      rotationFix: true,
      yellowFix: true,
    });
    expect(resolveJobOptions(makeJob({ route: 'full', settings: { withLogo: true, needsAngleCorrection: true }, desaturateYellowLight: true, repush: off }))).toMatchObject({
      removeBackground: false,
      crop: false,
      logo: false,
      rotationFix: false,
      yellowFix: false,
      contactShadow: false,
    });
  });

  it('uses the repush colour, margins and horizon line over the style guide', () => {
    const o = resolveJobOptions(
      makeJob({ route: 'full', repush: { ...AUTO_REPUSH, backgroundColor: '#102030', margins: { top: 1, right: 2, bottom: 3, left: 4 }, horizonLineHeight: 30 } }),
    );
    expect(o).toMatchObject({ background: { kind: 'colour', colour: '#102030' }, margins: { top: 1, right: 2, bottom: 3, left: 4 }, horizonLineHeight: 30 });
  });

  it('treats an interior picture as a repush does: zero margins, interior colour, its own framing, no shadow', () => {
    const o = resolveJobOptions(makeJob({ route: 'ai_no_enh', category: 'interior', settings: { interiorColor: '#EEDDCC' } }));
    expect(o).toMatchObject({ interior: true, crop: false, contactShadow: false, margins: { top: 0, right: 0, bottom: 0, left: 0 }, background: { kind: 'colour', colour: '#EEDDCC' } });
    // a repush colour still wins
    const r = resolveJobOptions(makeJob({ route: 'ai_no_enh', category: 'interior', repush: { ...AUTO_REPUSH, backgroundColor: '#000000' } }));
    expect(r.background).toEqual({ kind: 'colour', colour: '#000000' });
  });
});

describe('number plates in the job options', () => {
  const plates = (route: Route, mode: NumberPlateMode | null, numberPlates?: TriState) =>
    resolveJobOptions(
      makeJob({
        route,
        settings: mode ? { numberPlates: { mode, colour: '#FFCC00' } } : {},
        ...(numberPlates ? { repush: { ...AUTO_REPUSH, numberPlates } } : {}),
      }),
    );

  it("masks with the guide's mode on the AI and enhancer routes, not on bypass or logo_only", () => {
    for (const route of ['full', 'ai_no_enh', 'enhancer', 'FEATURED'] as const) expect(plates(route, 'logo').numberPlates).toBe('logo');
    for (const route of ['bypass', 'logo_only'] as const) expect(plates(route, 'logo').numberPlates).toBeNull();
    expect(plates('full', 'colour').numberPlateColour).toBe('#FFCC00');
  });

  it('leaves plates when the guide says off or says nothing (jobs from before the setting)', () => {
    expect(plates('full', 'off').numberPlates).toBeNull();
    expect(plates('full', null).numberPlates).toBeNull();
  });

  it("the repush switch: Enabled masks on any route (a blur when the guide's is off), Disabled leaves them", () => {
    expect(plates('bypass', 'colour', 'enabled').numberPlates).toBe('colour');
    expect(plates('full', 'off', 'enabled').numberPlates).toBe('blur');
    expect(plates('full', 'logo', 'disabled').numberPlates).toBeNull();
    expect(plates('full', 'logo', 'auto').numberPlates).toBe('logo');
  });
});
