import { useEffect } from 'react';

/** The app's name after every page's own, so tabs and history read "Traces · Cairn". */
export const APP_NAME = 'Cairn';

export function pageTitle(title: string | null | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Names the browser tab (and the history entry) after the page; null while its data loads. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === null) return;
    document.title = pageTitle(title);
  }, [title]);
}
