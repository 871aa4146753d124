import { PipelineRouteHandler } from '../jobs/route-handler.decorator';
import { RecipeRoute, type StepName } from './route-recipe';
import { RouteSteps } from './route-steps';

/**
 * `full` (AI): the car cut out of its background and placed on the style guide's background
 * and floor with a soft contact shadow, framed with the margins and the horizon line,
 * enhanced, with the logo when withLogo is set or the logo is forced.
 */
@PipelineRouteHandler('full')
export class FullRoute extends RecipeRoute {
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
    'overlays',
  ];

  constructor(steps: RouteSteps) {
    super(steps);
  }
}
