import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { listPath } from '../lib/url-state';

/** After a successful save the spec waits 2000 ms, then opens the list, with the filters it had. */
export const REDIRECT_DELAY_MS = 2000;

export function useDelayedRedirect() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (to: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(listPath(to)), REDIRECT_DELAY_MS);
  };
}
