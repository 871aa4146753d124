import { api } from './client';
import type { Me } from './types';

export const usersApi = {
  /** `PUT /api/users/{id}`: an account may change its own language. */
  setLanguage: (userId: string, language: string) => api.put<Me>(`/users/${userId}`, { language }),
};
