import { makeJob, AUTO_REPUSH } from '../../test/helpers/pipeline-testbed';
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
