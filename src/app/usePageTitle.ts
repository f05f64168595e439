import { useEffect } from 'react';
import { setPageTitle } from './ui/documentTitle';

/**
 * Sets the document title as "<page> – <the site file's title suffix>" (with "Error: " before it while an
 * error summary shows), so each screen is announced by name.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    setPageTitle(title);
  }, [title]);
}
