/**
 * What only the funnel studio shows: a funnel drawn as a diagram, and `next` rules in words.
 * Imported by the studio's screens alone, so a claimant's bundle never holds it.
 */
export * from './conditionWords';
export * from './funnelDiagram';
