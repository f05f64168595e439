import type { Funnel, FunnelPage } from '../../../runtime/funnel';

/** A page's title: pages of different funnels share titles ("Your details"), so it names the funnel. */
export function stepTitle(funnel: Funnel, page: FunnelPage): string {
  return `${page.title} – ${funnel.title}`;
}
