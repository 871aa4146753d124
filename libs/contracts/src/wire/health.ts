// the answers' shapes are declared once, as the classes of the HTTP contract
export type { HealthResponse as HealthView, ServiceState } from '../http/schemas/health.schemas';
