/**
 * Ways to spell an internal route that a naive prefix check would miss: the
 * gateway's unit test reads each as internal, and the split-mode test sends each through the
 * real gateway and expects a 404.
 */
export const INTERNAL_ROUTE_SPELLINGS: readonly string[] = [
  '/internal/premium/unlock',
  '/%69nternal/premium/unlock',
  '/%49NTERNAL/premium/unlock',
  '//internal/premium/unlock',
  '/./internal/premium/unlock',
  '/api/../internal/premium/unlock',
  '/api/%2e%2e/internal/premium/unlock',
  '/api/stories/%2E%2E/%2E%2E/internal/premium/unlock',
  '/api\\..\\internal/premium/unlock',
];
