import { PipelineRouteHandler } from '../jobs/route-handler.decorator';
import { RecipeRoute, type StepName } from './route-recipe';
import { RouteSteps } from './route-steps';

/** `logo_only`: the logo onto the original, scaled to the style guide's size. */
@PipelineRouteHandler('logo_only')
export class LogoOnlyRoute extends RecipeRoute {
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
