import { useState } from 'react';

/**
 * A list read a page at a time with the gateway's cursors: the cursors of the pages before
 * this one, so Previous goes back one. A new `key` (other filters) starts again at page one.
 */
export function useCursorPages(key = '') {
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = paging.key === key ? paging.cursors : [];
  return {
    /** The cursor of this page; undefined on the first. */
    cursor: cursors.at(-1),
    /** How many pages come before this one. */
    pagesBefore: cursors.length,
    back: () => setPaging({ key, cursors: cursors.slice(0, -1) }),
    forward: (nextCursor: string) => setPaging({ key, cursors: [...cursors, nextCursor] }),
    restart: () => setPaging({ key, cursors: [] }),
  };
}

/** The buttons that move through a cursor-paged list. */
export function PageButtons({
  label,
  pages,
  nextCursor,
  previousText,
  nextText,
}: {
  label: string;
  pages: ReturnType<typeof useCursorPages>;
  nextCursor: string | null | undefined;
  previousText: string;
  nextText: string;
}) {
  return (
    <nav aria-label={label} className="button-group">
      {pages.pagesBefore > 0 && (
        <button type="button" className="button button--secondary" onClick={pages.back}>
          {previousText}
        </button>
      )}
      {nextCursor && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => pages.forward(nextCursor)}
        >
          {nextText}
        </button>
      )}
    </nav>
  );
}
