import { useQuery } from '@tanstack/react-query';
import { api, toQuery } from '../../api/http.ts';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  template: string;
  status: string;
  createdAt: string;
}

export const devtoolsKeys = {
  all: ['devtools'] as const,
  outbox: (to: string) => ['devtools', 'mail', to] as const,
};

/** The mail outbox (development only), filtered by recipient. */
export function useOutbox(to: string, enabled: boolean) {
  return useQuery({
    queryKey: devtoolsKeys.outbox(to),
    queryFn: () => api<{ items: OutboxMail[] }>(`/devtools/mail${toQuery({ limit: 100, to })}`),
    enabled,
  });
}
