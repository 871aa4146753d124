/** Route paths used across features. */
export const paths = {
  /**
   * Where "go home" links point. For now `/`, which redirects to the status page; once
   * sign-in exists the spec's target is /auth/me.
   */
  home: '/',
  status: '/status',
  error: (code: 401 | 404 | 500) => `/error/${code}`,
} as const;
