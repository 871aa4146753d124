import { PipelineRouteHandler } from '../jobs/route-handler.decorator';
import { RecipeRoute, type StepName } from './route-recipe';
import { RouteSteps } from './route-steps';

/**
 * `FEATURED`: the car cut out and composed onto the style guide's featured image (the
 * position's promotional picture), framed with the margins, with the logo when withLogo.
 */
@PipelineRouteHandler('FEATURED')
export class FeaturedRoute extends RecipeRoute {
  readonly steps: readonly StepName[] = [
    'segment',
    'frame',
    'cut-out',
    'mask',
    'yellow-fix',
    'featured-canvas',
    'contact-shadow',
    'compose',
    'logo',
    'overlays',
  ];

  constructor(steps: RouteSteps) {
    super(steps);
  }
}
