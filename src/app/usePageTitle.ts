import { useEffect } from 'react';
import { setPageTitle } from './ui/documentTitle';

/**
 * Sets the document title as "<page> – <the site file's title suffix>" (with "Error: " before
 * it while an error summary shows), so each screen is announced by name. Null leaves it to
 * what the screen shows instead (a loading state, or the claim's own version of the page).
 */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) setPageTitle(title);
  }, [title]);
}
