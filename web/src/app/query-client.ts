import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: cached data is fresh for 5 minutes, and a failed query is retried once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60_000, retry: 1 },
  },
});
