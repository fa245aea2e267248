import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** After a successful save the spec waits 2000 ms, then opens the list. */
export const REDIRECT_DELAY_MS = 2000;

export function useDelayedRedirect() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (to: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(to), REDIRECT_DELAY_MS);
  };
}
