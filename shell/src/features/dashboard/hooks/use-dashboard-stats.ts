import { queryKeys } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';
import { getDashboardStats } from '../api/get-dashboard-stats';

export function useDashboardStats() {
  return useQuery({ queryKey: queryKeys.dashboard(), queryFn: getDashboardStats });
}
