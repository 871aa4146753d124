import { PipelineRouteHandler } from '../jobs/route-handler.decorator';
import { RecipeRoute, type StepName } from './route-recipe';
import { RouteSteps } from './route-steps';

/**
 * `enhancer`: the photo's own framing and background, with auto levels, contrast, colour and
 * sharpening; the yellow-light fix when on (or the account desaturates yellow light); the
 * rotation fix when on (or the angle needs correction).
 */
@PipelineRouteHandler('enhancer')
export class EnhancerRoute extends RecipeRoute {
  readonly steps: readonly StepName[] = [
    'straighten',
    'segment',
    'frame',
    'cut-out',
    'mask',
    'yellow-fix',
    'enhance',
    'background',
    'contact-shadow',
    'compose',
    'logo',
  ];

  constructor(steps: RouteSteps) {
    super(steps);
  }
}
