import { setNavigate } from '@manager/platform';
import { useEffect } from 'react';
import { useNavigate } from '@manager/platform';

/** Lets the platform (logout, failed token refresh) send the admin to /login. */
export function NavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigate((to: string) => void navigate(to));
  }, [navigate]);
  return null;
}
