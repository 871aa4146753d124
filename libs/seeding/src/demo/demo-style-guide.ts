/** Fixed ids of the demo style guide (development only), shared by the services that seed. */
export const DEMO_STYLE_GUIDE_ID = '00000000-0000-4000-8002-000000000001';

/** positions of the demo guide: which angle, which route */
export const DEMO_POSITIONS = [
  { position: 1, angle: 'Front left 3/4', category: 'exterior', routeTo: 'full' },
  { position: 2, angle: 'Front', category: 'exterior', routeTo: 'full' },
  { position: 3, angle: 'Left side', category: 'exterior', routeTo: 'full' },
  { position: 4, angle: 'Rear left 3/4', category: 'exterior', routeTo: 'full' },
  { position: 5, angle: 'Rear', category: 'exterior', routeTo: 'full' },
  { position: 6, angle: 'Dashboard', category: 'interior', routeTo: 'ai_no_enh' },
  { position: 7, angle: 'Front seats', category: 'interior', routeTo: 'ai_no_enh' },
  { position: 8, angle: 'Wheel', category: 'exterior', routeTo: 'enhancer' },
] as const;
