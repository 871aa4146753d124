import type { HealthView } from '@app/contracts/wire';
import { api } from './client';

export const healthKeys = {
  all: ['health'] as const,
  get: () => ['health', 'get', {}] as const,
};

export function getHealth(signal?: AbortSignal): Promise<HealthView> {
  return api.get<HealthView>('/health', { signal });
}
