/**
 * What site.schema.json cannot say about site.json: each home page entry, and the landing
 * page, starts a funnel the registry has, and no funnel has two entries.
 */
export function siteHomeProblems(
  content: unknown,
  funnelIds: readonly string[],
): Array<{ pointer: string; message: string }> {
  // The parsed content is unknown; every field read below is checked before it is trusted, so all are optional.
  const site = content as {
    home?: { entries?: Array<{ funnelId?: unknown }> };
    landing?: { funnelId?: unknown };
  };
  const problems: Array<{ pointer: string; message: string }> = [];
  const known = `the funnels are: ${funnelIds.join(', ') || 'none'}`;
  const seen = new Set<unknown>();
  site.home?.entries?.forEach((entry, index) => {
    const pointer = `/home/entries/${index}/funnelId`;
    if (!funnelIds.includes(String(entry.funnelId))) {
      problems.push({ pointer, message: `no funnel "${String(entry.funnelId)}" (${known})` });
    } else if (seen.has(entry.funnelId)) {
      problems.push({ pointer, message: `"${String(entry.funnelId)}" already has an entry` });
    }
    seen.add(entry.funnelId);
  });
  if (site.landing && !funnelIds.includes(String(site.landing.funnelId))) {
    problems.push({
      pointer: '/landing/funnelId',
      message: `no funnel "${String(site.landing.funnelId)}" (${known})`,
    });
  }
  return problems;
}
