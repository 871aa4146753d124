import { PipelineRouteHandler } from '../jobs/route-handler.decorator';
import { RecipeRoute, type StepName } from './route-recipe';
import { RouteSteps } from './route-steps';

/**
 * `ai_no_enh` (AI, no enhancer): `full` without the enhancer. Interior pictures keep their
 * framing, get zero margins and the style guide's interior colour as background.
 */
@PipelineRouteHandler('ai_no_enh')
export class AiNoEnhancerRoute extends RecipeRoute {
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
    'overlays',
  ];

  constructor(steps: RouteSteps) {
    super(steps);
  }
}
