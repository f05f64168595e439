import { useEffect } from 'react';

const SERVICE_NAME = 'Vehicle Claims';

/** Sets the document title as "<page> – Vehicle Claims", so each screen is announced by name. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – ${SERVICE_NAME}`;
  }, [title]);
}
