import { PipelineRouteHandler } from '../jobs/route-handler.decorator';
import { RecipeRoute, type StepName } from './route-recipe';
import { RouteSteps } from './route-steps';

/**
 * `bypass`: only size and encoding: the photo's own framing scaled to the style guide's
 * size. Switches a repush sets to Enabled still apply (crop, logo, fixes, background).
 */
@PipelineRouteHandler('bypass')
export class BypassRoute extends RecipeRoute {
  readonly steps: readonly StepName[] = [
    'straighten',
    'segment',
    'frame',
    'cut-out',
    'mask',
    'yellow-fix',
    'background',
    'contact-shadow',
    'compose',
    'logo',
  ];

  constructor(steps: RouteSteps) {
    super(steps);
  }
}
