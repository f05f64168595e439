/**
 * Answers generated from a page schema for funnels:check's completability proof, by
 * json-schema-faker (a dev-only dependency: nothing here ships to the browser or gateway).
 * Minimal answers: only what the schema requires, so a generated claim passes the way the
 * shortest real one would.
 */
import { generateSync, type JsonSchema } from 'json-schema-faker';
import { MONEY_FORMAT, parseMoney } from '../../src/runtime/claim';
import type { SampleAnswers } from '../../src/runtime/funnel';

/**
 * The schema with each amount (`format: money`, which json-schema-faker does not know) made
 * one amount it allows: its literal `formatMinimum`, else its `formatMaximum`, else £100.
 */
function withAmounts(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withAmounts);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Record<string, unknown>;
  if (node.format === MONEY_FORMAT) {
    const bound = [node.formatMinimum, node.formatMaximum]
      .map((limit) => (typeof limit === 'string' ? parseMoney(limit) : undefined))
      .find((amount) => amount !== undefined);
    return { type: 'string', const: bound ?? '100.00' };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withAmounts(value)]));
}

export const sampleAnswers: SampleAnswers = (schema, seed) =>
  generateSync(withAmounts(schema) as JsonSchema, {
    seed,
    optionalsProbability: 0,
    alwaysFakeOptionals: false,
    fixedProbabilities: true,
  });
