import type { Language, MeView, UpdateUserRequest } from '@app/contracts/wire';
import { api } from './client';

export const usersApi = {
  /** `PUT /api/users/{id}`: an account may change its own language. */
  setLanguage: (userId: string, language: Language) => api.put<MeView>(`/users/${userId}`, { language } satisfies UpdateUserRequest),
};
