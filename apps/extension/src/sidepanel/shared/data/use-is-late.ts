import { useEffect, useState } from 'react';

/** Whether `isWaiting` has been true for at least `ms` without a break. */
export function useIsLate(isWaiting: boolean, ms: number): boolean {
  const [isLate, setIsLate] = useState(false);
  useEffect(() => {
    if (!isWaiting) return undefined;
    const timer = setTimeout(() => setIsLate(true), ms);
    return () => {
      clearTimeout(timer);
      setIsLate(false);
    };
  }, [isWaiting, ms]);
  return isWaiting && isLate;
}
