import { NO_PROJECTS_DIALOG_DELAY_MS } from '@waymark/core';
import { useEffect, useState } from 'react';

/**
 * spec §4, §9: with zero projects, the No Projects Found dialog opens after 500 ms (not at once,
 * so a list that is about to arrive does not flash it). Closed by the admin, it stays closed.
 */
export function useNoProjectsDialog(hasNoProjects: boolean) {
  const [isOpen, setIsOpen] = useState(false);
  const [isDismissed, setIsDismissed] = useState(false);
  useEffect(() => {
    if (!hasNoProjects || isDismissed) return;
    const timer = window.setTimeout(() => setIsOpen(true), NO_PROJECTS_DIALOG_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hasNoProjects, isDismissed]);
  return {
    isOpen: isOpen && hasNoProjects,
    close: () => {
      setIsOpen(false);
      setIsDismissed(true);
    },
  };
}
