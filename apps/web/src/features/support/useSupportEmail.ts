import { trpc } from '../../lib/trpc';

/** The operator's support address (SUPPORT_EMAIL), undefined while it loads. */
export function useSupportEmail(): string | undefined {
  const info = trpc.support.info.useQuery(undefined, { staleTime: Infinity });
  return info.data?.supportEmail;
}
