import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

type CurrentProject = {
  projectId: number | null;
  setProjectId: (projectId: number | null) => void;
};

const CurrentProjectContext = createContext<CurrentProject>({
  projectId: null,
  setProjectId: () => undefined,
});

/**
 * Holds the project the panel's page shows, so that the header's menu — outside the page's part
 * of the panel — opens the workspace on that same project (issue 28).
 */
export function CurrentProjectProvider({ children }: { children: ReactNode }) {
  const [projectId, setProjectId] = useState<number | null>(null);
  return (
    <CurrentProjectContext.Provider value={{ projectId, setProjectId }}>
      {children}
    </CurrentProjectContext.Provider>
  );
}

/** The project the panel's page shows now, or null outside every project. */
export function useCurrentProjectId(): number | null {
  return useContext(CurrentProjectContext).projectId;
}

/** Reports the project the page shows while the calling component is mounted. */
export function useReportCurrentProject(projectId: number | null): void {
  const { setProjectId } = useContext(CurrentProjectContext);
  useEffect(() => {
    setProjectId(projectId);
    return () => setProjectId(null);
  }, [projectId, setProjectId]);
}
