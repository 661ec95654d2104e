import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { writeSession } from './session-storage';

/** Logout clears the session and goes to /login (spec §2 signed-in menu). */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    writeSession(null);
    void navigate('/login');
  }, [navigate]);
}
